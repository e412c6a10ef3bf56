"""Ingestion runs through DataHub's CLI (issue 18): two `datahub ingest` runs of one SQLite catalog that
touch the same entities, `datahub ingest list-runs` and `show`, and `datahub ingest rollback` (dry run
first) of the second run and then of the first, with search and GraphQL checked against the store."""
import sqlite3
import time
import uuid

import pytest

import datahub.metadata.schema_classes as m
from datahub.emitter.mcp import MetadataChangeProposalWrapper

from ingest_support import cli_env, ingest, make_sqlite_db, rest_sink, run_cli, tail
from test_ingest_sqlite import assert_clean_run, poll, sqlite_dataset


def recipe(server, token, db, instance, pipeline, run_id):
    return {
        "pipeline_name": pipeline,
        "run_id": run_id,
        "source": {"type": "sqlalchemy", "config": {
            "platform": "sqlite", "connect_uri": f"sqlite:///{db}", "platform_instance": instance,
            "env": "PROD", "include_tables": True, "include_views": False}},
        "sink": rest_sink(server, token),
        "reporting": [{"type": "datahub"}],
    }


def fields(graph, urn):
    schema = graph.get_aspect(urn, m.SchemaMetadataClass)
    return None if schema is None else [f.fieldPath for f in schema.fields]


def search_urns(graph, instance):
    """The datasets of this catalog that search finds."""
    return set(graph.get_urns_by_filter(entity_types=["dataset"], platform="sqlite", platform_instance=instance,
                                        batch_size=100))


def gql_fields(graph, urn):
    """The dataset's schema fields as GraphQL reads them (None when it has no schema)."""
    res = graph.execute_graphql(
        "query ($urn: String!) { dataset(urn: $urn) { schemaMetadata { fields { fieldPath } } } }", {"urn": urn})
    schema = (res.get("dataset") or {}).get("schemaMetadata")
    return None if schema is None else [f["fieldPath"] for f in schema["fields"]]


@pytest.fixture(scope="module")
def two_runs(server, token, tmp_path_factory):
    unique = uuid.uuid4().hex[:10]
    workdir = tmp_path_factory.mktemp("runs")
    db = workdir / f"shop_{unique}.db"
    names = make_sqlite_db(db, unique, with_view=False)
    instance = f"runs{unique}"
    run1, run2 = f"first-{unique}", f"second-{unique}"
    done, report = ingest(server, token, recipe(server, token, db, instance, f"runs_{unique}", run1), workdir, "r1")
    assert_clean_run(done, report)
    # The second run sees a column added, a column dropped and a new table.
    con = sqlite3.connect(db)
    con.executescript(f"""
        ALTER TABLE {names['customers']} ADD COLUMN phone TEXT;
        ALTER TABLE {names['orders']} DROP COLUMN note;
        CREATE TABLE extra_{unique} (id INTEGER PRIMARY KEY, label TEXT);
    """)
    con.commit()
    con.close()
    time.sleep(0.01)
    done, report = ingest(server, token, recipe(server, token, db, instance, f"runs_{unique}", run2), workdir, "r2")
    assert_clean_run(done, report)
    urns = {k: sqlite_dataset(instance, v) for k, v in names.items() if k != "view"}
    urns["extra"] = sqlite_dataset(instance, f"extra_{unique}")
    return {"unique": unique, "instance": instance, "run1": run1, "run2": run2, "urns": urns, "workdir": workdir}


def test_list_runs_and_show(server, token, two_runs):
    env = cli_env(server, token)
    listed = run_cli(env, "ingest", "list-runs", "0", "1000")
    assert listed.returncode == 0, tail(listed)
    assert two_runs["run1"] in listed.stdout and two_runs["run2"] in listed.stdout, tail(listed)
    # Newest first.
    assert listed.stdout.index(two_runs["run2"]) < listed.stdout.index(two_runs["run1"])
    shown = run_cli(env, "ingest", "show", "--run-id", two_runs["run2"], "--count", "1000")
    assert shown.returncode == 0, tail(shown)
    assert two_runs["urns"]["extra"] in shown.stdout and "schemaMetadata" in shown.stdout, tail(shown)
    with_aspects = run_cli(env, "ingest", "show", "--run-id", two_runs["run2"], "--count", "3", "-a")
    assert with_aspects.returncode == 0 and '"aspect"' in with_aspects.stdout, tail(with_aspects)


def test_timeline_of_the_two_runs(server, token, graph, two_runs):
    """`datahub timeline`: the schema changes between the two ingests with their semantic versions, and a
    tag and an owner change in their categories."""
    env = cli_env(server, token)
    urns, unique = two_runs["urns"], two_runs["unique"]
    added = run_cli(env, "timeline", "--urn", urns["customers"], "--category", "TECHNICAL_SCHEMA")
    assert added.returncode == 0, tail(added)
    assert "0.0.0-computed" in added.stdout and "0.1.0-computed" in added.stdout, tail(added)
    assert "field:phone" in added.stdout and "ADD TECHNICAL_SCHEMA" in added.stdout, tail(added)
    dropped = run_cli(env, "timeline", "--urn", urns["orders"], "--category", "TECHNICAL_SCHEMA")
    assert "1.0.0-computed" in dropped.stdout and "REMOVE TECHNICAL_SCHEMA" in dropped.stdout, tail(dropped)
    assert "field:note" in dropped.stdout, tail(dropped)

    # On the table only the second run created (the rollbacks below keep it as unsafe anyway).
    labelled = urns["extra"]
    graph.emit(MetadataChangeProposalWrapper(
        entityUrn=labelled, aspect=m.GlobalTagsClass(tags=[m.TagAssociationClass(tag=f"urn:li:tag:tl{unique}")])))
    graph.emit(MetadataChangeProposalWrapper(entityUrn=labelled, aspect=m.OwnershipClass(owners=[
        m.OwnerClass(owner=f"urn:li:corpuser:tl{unique}", type=m.OwnershipTypeClass.DATAOWNER)])))
    labels = run_cli(env, "timeline", "--urn", labelled, "-c", "tag", "-c", "owner")
    assert labels.returncode == 0, tail(labels)
    assert "ADD TAG" in labels.stdout and f"tl{unique}" in labels.stdout, tail(labels)
    assert "ADD OWNER" in labels.stdout, tail(labels)
    assert "TECHNICAL_SCHEMA" not in labels.stdout


def test_rollback_second_then_first(server, token, graph, two_runs):
    env = cli_env(server, token)
    urns, instance, unique = two_runs["urns"], two_runs["instance"], two_runs["unique"]
    cwd = two_runs["workdir"]
    assert "phone" in fields(graph, urns["customers"]) and "note" not in fields(graph, urns["orders"])

    # Someone else documents the table the second run created: it becomes unsafe to delete.
    graph.emit(MetadataChangeProposalWrapper(
        entityUrn=urns["extra"], aspect=m.GlobalTagsClass(tags=[m.TagAssociationClass(tag=f"urn:li:tag:keep{unique}")])))

    dry = run_cli(env, "ingest", "rollback", "--run-id", two_runs["run2"], "--dry-run", "--report-dir",
                  str(cwd / "reports"), cwd=cwd)
    assert dry.returncode == 0, tail(dry)
    assert "This rollback will" in dry.stdout, tail(dry)
    assert "phone" in fields(graph, urns["customers"]), "a dry run changed the catalog"

    done = run_cli(env, "ingest", "rollback", "--run-id", two_runs["run2"], "--force", "--report-dir",
                   str(cwd / "reports"), cwd=cwd)
    assert done.returncode == 0, tail(done)
    assert "WARNING" in done.stdout and "1 entities" in done.stdout, tail(done)
    # The run as the CLI reported it (its execution request) is marked rolled back.
    result = graph.get_aspect(f"urn:li:dataHubExecutionRequest:{two_runs['run2']}",
                              m.ExecutionRequestResultClass)
    assert result is not None and result.status == "ROLLED_BACK"
    # What the second run wrote is reverted; what the first wrote is intact.
    assert fields(graph, urns["customers"]) == ["id", "name", "email", "created_at"]
    assert fields(graph, urns["orders"]) == ["id", "customer_id", "product_id", "qty", "note"]
    assert fields(graph, urns["products"]) == ["id", "title", "price"]
    # The unsafe entity is reported and kept, with what others wrote; the run's own aspects are gone.
    unsafe = list((cwd / "reports").glob("*/unsafe_entities.csv"))
    assert unsafe and urns["extra"] in unsafe[0].read_text()
    assert graph.get_aspect(urns["extra"], m.GlobalTagsClass) is not None
    assert graph.get_aspect(urns["extra"], m.SchemaMetadataClass) is None
    for key in ("customers", "orders", "products", "extra"):
        assert gql_fields(graph, urns[key]) == fields(graph, urns[key]), key

    done = run_cli(env, "ingest", "rollback", "--run-id", two_runs["run1"], "--force", cwd=cwd)
    assert done.returncode == 0, tail(done)
    for key in ("customers", "orders", "products"):
        assert not graph.exists(urns[key]), f"{key} is still there after both rollbacks"
        assert gql_fields(graph, urns[key]) is None
    # Search agrees with the store: only the entity others wrote to is left.
    assert poll(lambda: search_urns(graph, instance) <= {urns["extra"]}, timeout=30), search_urns(graph, instance)
    listed = run_cli(env, "ingest", "list-runs", "0", "1000")
    assert two_runs["run1"] not in listed.stdout, tail(listed)
    # The second run keeps one row: the key of the entity it created that others wrote to.
    shown = run_cli(env, "ingest", "show", "--run-id", two_runs["run2"])
    rows = [line for line in shown.stdout.splitlines() if line.startswith("| urn:")]
    assert len(rows) == 1 and urns["extra"] in rows[0] and "datasetKey" in rows[0], tail(shown)
