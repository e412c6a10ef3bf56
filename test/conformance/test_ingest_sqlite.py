"""DataHub's ingestion framework against neohub: `datahub ingest` with the sqlalchemy (SQLite) source and
the datahub-rest sink in Rest.li and OpenAPI modes, stateful stale-entity removal, the file source with
one entity of every kind, pipeline lineage through GraphQL/CLI/SDK, and a few CLI reads.
Every URN holds a per-run suffix (a platform instance, table names, a database path, a pipeline name)."""
import json
import sqlite3
import uuid
from pathlib import Path

import pytest
import yaml

import datahub.metadata.schema_classes as m
from datahub.api.entities.datajob import DataFlow, DataJob
from datahub.emitter.mce_builder import make_dataset_urn, make_domain_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.emitter.rest_emitter import EmitMode
from datahub.metadata.urns import DatasetUrn

from ingest_support import (
    cli_env,
    entity_for,
    failures,
    ingest,
    make_sqlite_db,
    poll,
    rest_sink,
    run_cli,
    tail,
)


def sqlite_dataset(instance: str, table: str) -> str:
    return make_dataset_urn("sqlite", f"{instance}.main.{table}")


def assert_clean_run(done, report):
    assert done.returncode == 0, tail(done)
    fails = failures(report)
    assert fails == {"source": [], "sink": []}, json.dumps(fails)[:3000] + "\n" + tail(done, 1500)


def sqlite_recipe(server, token, db_path: Path, instance: str, pipeline: str, openapi=False, **extra):
    source = {
        "platform": "sqlite",
        "connect_uri": f"sqlite:///{db_path}",
        "platform_instance": instance,
        "env": "PROD",
        "include_tables": True,
        "include_views": True,
        "include_view_lineage": True,
        "profiling": {"enabled": True},
        **extra,
    }
    return {
        "pipeline_name": pipeline,
        "source": {"type": "sqlalchemy", "config": source},
        "sink": rest_sink(server, token, openapi=openapi),
        "reporting": [{"type": "datahub"}],
    }


# --- a. sqlalchemy/SQLite, Rest.li and OpenAPI sinks -------------------------------------------------

@pytest.fixture(scope="module", params=["restli", "openapi"])
def sqlite_run(request, server, token, tmp_path_factory):
    """One `datahub ingest` of a fresh SQLite database per sink mode, shared by the tests that read it."""
    mode = request.param
    unique = uuid.uuid4().hex[:10]
    workdir = tmp_path_factory.mktemp(f"sqlite_{mode}")
    db = workdir / f"shop_{unique}.db"
    names = make_sqlite_db(db, unique)
    instance = f"nh{unique}"
    recipe = sqlite_recipe(server, token, db, instance, f"conf_sqlite_{mode}_{unique}", openapi=mode == "openapi")
    done, report = ingest(server, token, recipe, workdir, "sqlite")
    return {"mode": mode, "db": db, "names": names, "instance": instance, "done": done, "report": report,
            "urns": {k: sqlite_dataset(instance, v) for k, v in names.items()}}


def test_sqlite_ingest_and_read_back(graph, sqlite_run):
    db, names, instance, urns = (sqlite_run[k] for k in ("db", "names", "instance", "urns"))
    assert_clean_run(sqlite_run["done"], sqlite_run["report"])
    assert sqlite_run["report"]["sink"]["report"]["endpoint"] == sqlite_run["mode"].upper()

    # datasets: schema fields, subtypes, container and browse path
    expected_fields = {
        "customers": ["id", "name", "email", "created_at"],
        "products": ["id", "title", "price"],
        "orders": ["id", "customer_id", "product_id", "qty", "note"],
        "view": ["name", "qty", "title"],
    }
    containers = set()
    for key, urn in urns.items():
        schema = graph.get_aspect(urn, m.SchemaMetadataClass)
        assert schema is not None, f"no schemaMetadata on {urn}"
        assert [f.fieldPath for f in schema.fields] == expected_fields[key]
        sub = graph.get_aspect(urn, m.SubTypesClass)
        assert sub is not None and sub.typeNames == (["View"] if key == "view" else ["Table"])
        container = graph.get_aspect(urn, m.ContainerClass)
        assert container is not None
        containers.add(container.container)
        browse = graph.get_aspect(urn, m.BrowsePathsV2Class)
        assert browse is not None and [e.urn for e in browse.path][-1:] == [container.container]
    assert len(containers) == 1
    orders_schema = graph.get_aspect(urns["orders"], m.SchemaMetadataClass)
    assert sorted(fk.name for fk in orders_schema.foreignKeys or []) == [
        f"fk_{names['orders']}_customer", f"fk_{names['orders']}_product"]

    # containers: schema "main" inside the database container
    schema_container = containers.pop()
    props = graph.get_aspect(schema_container, m.ContainerPropertiesClass)
    assert props is not None and props.name == "main"
    assert graph.get_aspect(schema_container, m.SubTypesClass).typeNames == ["Schema"]
    parent = graph.get_aspect(schema_container, m.ContainerClass)
    assert parent is not None
    db_props = graph.get_aspect(parent.container, m.ContainerPropertiesClass)
    assert db_props is not None and db_props.name == str(db)
    assert graph.get_aspect(parent.container, m.SubTypesClass).typeNames == ["Database"]
    browse = graph.get_aspect(urns["customers"], m.BrowsePathsV2Class)
    assert [e.urn for e in browse.path if e.urn and e.urn.startswith("urn:li:container:")] == [
        parent.container, schema_container]
    assert browse.path[0].urn == f"urn:li:dataPlatformInstance:(urn:li:dataPlatform:sqlite,{instance})"

    # profiles (time series): the tables, not the view
    profile = graph.get_latest_timeseries_value(
        entity_urn=urns["customers"], aspect_type=m.DatasetProfileClass, filter_criteria_map={})
    assert profile is not None, "no datasetProfile for customers"
    assert profile.rowCount == 3 and profile.columnCount == 4
    assert {fp.fieldPath for fp in profile.fieldProfiles or []} >= {"id", "name", "email"}
    orders_profiles = graph.get_timeseries_values(urns["orders"], m.DatasetProfileClass, {}, limit=10)
    assert [p.rowCount for p in orders_profiles] == [4]

    # the view's lineage (the 1.7.0.17 client leaves the upstream names without `main.`; neohub keeps what it got)
    lineage = graph.get_aspect(urns["view"], m.UpstreamLineageClass)
    assert lineage is not None, "no upstreamLineage on the view"
    assert {u.type for u in lineage.upstreams} == {m.DatasetLineageTypeClass.VIEW}
    upstream_names = sorted(DatasetUrn.from_string(u.dataset).name.split(".")[-1] for u in lineage.upstreams)
    assert upstream_names == sorted([names["customers"], names["orders"], names["products"]])

    # GraphQL
    got = graph.execute_graphql(
        "query($urn: String!) { dataset(urn: $urn) { urn name platform { urn } schemaMetadata { fields { fieldPath } } } }",
        variables={"urn": urns["customers"]},
    )["dataset"]
    assert got["urn"] == urns["customers"] and got["platform"]["urn"] == "urn:li:dataPlatform:sqlite"
    assert got["name"] == f"{instance}.main.{names['customers']}"
    assert [f["fieldPath"] for f in got["schemaMetadata"]["fields"]] == expected_fields["customers"]

    def search():
        res = graph.execute_graphql(
            "query($q: String!) { searchAcrossEntities(input: {types: [DATASET], query: $q, start: 0, count: 10}) "
            "{ total searchResults { entity { urn } } } }",
            variables={"q": names["orders"]},
        )["searchAcrossEntities"]
        return [r["entity"]["urn"] for r in res["searchResults"]]

    assert urns["orders"] in poll(search), f"search for {names['orders']} did not find {urns['orders']}"


def test_graphql_reads_ingested_containers(graph, sqlite_run):
    """DataHub's GraphQL answers `entity(urn)` for a container with a Container (and `container(urn)` with
    its properties)."""
    assert_clean_run(sqlite_run["done"], sqlite_run["report"])
    schema_container = graph.get_aspect(sqlite_run["urns"]["customers"], m.ContainerClass).container
    db_container = graph.get_aspect(schema_container, m.ContainerClass).container
    for urn in (schema_container, db_container):
        entity = graph.execute_graphql(
            "query($urn: String!) { entity(urn: $urn) { urn type } }", variables={"urn": urn})["entity"]
        assert entity == {"urn": urn, "type": "CONTAINER"}
    c = graph.execute_graphql(
        "query($urn: String!) { container(urn: $urn) { urn properties { name } subTypes { typeNames } } }",
        variables={"urn": schema_container},
    )["container"]
    assert c == {"urn": schema_container, "properties": {"name": "main"}, "subTypes": {"typeNames": ["Schema"]}}
    d = graph.execute_graphql(
        "query($urn: String!) { dataset(urn: $urn) { subTypes { typeNames } container { urn } "
        "parentContainers { count containers { urn } } } }",
        variables={"urn": sqlite_run["urns"]["customers"]},
    )["dataset"]
    assert d == {
        "subTypes": {"typeNames": ["Table"]},
        "container": {"urn": schema_container},
        "parentContainers": {"count": 2, "containers": [{"urn": schema_container}, {"urn": db_container}]},
    }


def test_graphql_browse_v2_walks_the_ingested_containers(graph, sqlite_run):
    """GraphQL `browseV2` (the web app's sidebar) walks the browsePathsV2 DataHub's SQL source wrote: the
    platform instance at the root, the database container under it, the schema container under that,
    each group with its entity, count and whether it has groups of its own."""
    assert_clean_run(sqlite_run["done"], sqlite_run["report"])
    instance = f"urn:li:dataPlatformInstance:(urn:li:dataPlatform:sqlite,{sqlite_run['instance']})"
    schema_container = graph.get_aspect(sqlite_run["urns"]["customers"], m.ContainerClass).container
    db_container = graph.get_aspect(schema_container, m.ContainerClass).container
    query = """query($path: [String!], $i: String!) {
      browseV2(input: {types: [DATASET], path: $path, start: 0, count: 100,
                       orFilters: [{and: [{field: "platformInstance", values: [$i]}]}]}) {
        total groups { name count hasSubGroups entity { urn type ... on Container { properties { name } } } }
        metadata { path totalNumEntities } } }"""

    def browse(path):
        return graph.execute_graphql(query, variables={"path": path, "i": instance})["browseV2"]

    tables = len(sqlite_run["urns"])
    root = poll(lambda: (lambda r: r if r["metadata"]["totalNumEntities"] == tables else None)(browse([])))
    assert root["groups"] == [{"name": instance, "count": tables, "hasSubGroups": True,
                               "entity": {"urn": instance, "type": "DATA_PLATFORM_INSTANCE"}}]
    in_instance = browse([instance])
    assert in_instance["groups"] == [{"name": db_container, "count": tables, "hasSubGroups": True,
                                      "entity": {"urn": db_container, "type": "CONTAINER",
                                                 "properties": {"name": str(sqlite_run["db"])}}}]
    in_db = browse([instance, db_container])
    assert in_db == {"total": 1, "metadata": {"path": [instance, db_container], "totalNumEntities": tables},
                     "groups": [{"name": schema_container, "count": tables, "hasSubGroups": False,
                                 "entity": {"urn": schema_container, "type": "CONTAINER",
                                            "properties": {"name": "main"}}}]}
    assert browse([instance, db_container, schema_container])["groups"] == []


# --- b. stateful ingestion: stale entities soft-deleted -------------------------------------------

def test_sqlite_stateful_ingestion_removes_dropped_table(server, token, graph, unique, tmp_path: Path):
    db = tmp_path / f"stateful_{unique}.db"
    names = make_sqlite_db(db, unique, with_view=False)
    instance = f"nhs{unique}"
    recipe = sqlite_recipe(server, token, db, instance, f"conf_stateful_{unique}",
                           stateful_ingestion={"enabled": True, "remove_stale_metadata": True})
    done, report = ingest(server, token, recipe, tmp_path, "run1")
    assert_clean_run(done, report)
    urns = {k: sqlite_dataset(instance, names[k]) for k in ("customers", "products", "orders")}
    for urn in urns.values():
        status = graph.get_aspect(urn, m.StatusClass)
        assert status is not None and status.removed is False

    con = sqlite3.connect(db)
    con.execute(f"DROP TABLE {names['products']}")
    con.commit()
    con.close()

    done, report = ingest(server, token, recipe, tmp_path, "run2")
    assert_clean_run(done, report)
    source_report = report["source"]["report"]
    assert urns["products"] in str(source_report.get("soft_deleted_stale_entities")), (
        "the second run did not find the dropped table in the first run's checkpoint: "
        + json.dumps({k: v for k, v in source_report.items() if "stale" in k or "state" in k})[:2000])
    assert graph.get_aspect(urns["products"], m.StatusClass).removed is True
    assert graph.get_aspect(urns["customers"], m.StatusClass).removed is False
    assert graph.get_aspect(urns["orders"], m.StatusClass).removed is False


# --- c. the file source: one entity of every kind ------------------------------------------------

def test_file_source_writes_every_entity_kind(server, token, graph, unique, tmp_path: Path):
    entities = {}
    for kind in sorted(m.KEY_ASPECTS):
        made = entity_for(kind, unique)
        if made is not None:
            entities[kind] = made
    assert len(entities) >= 40
    mcps = []
    for urn, key, aspect in entities.values():
        if isinstance(aspect, m.VersionSetPropertiesClass):
            # A version set's latest must be a version of it (DataHub's side effect refuses another).
            version = f"urn:li:dataset:(urn:li:dataPlatform:conf{unique},version_{unique},PROD)"
            aspect.latest = version
            mcps.append(MetadataChangeProposalWrapper(entityUrn=version, aspect=m.VersionPropertiesClass(
                versionSet=urn, version=m.VersionTagClass(versionTag="1"), sortId="A",
                versioningScheme=aspect.versioningScheme)).to_obj())
        mcps.append(MetadataChangeProposalWrapper(entityUrn=urn, aspect=key).to_obj())
        mcps.append(MetadataChangeProposalWrapper(entityUrn=urn, aspect=aspect).to_obj())
    (tmp_path / "mcps.json").write_text(json.dumps(mcps, indent=2))
    recipe = {
        "pipeline_name": f"conf_file_{unique}",
        "source": {"type": "file", "config": {"path": str(tmp_path / "mcps.json")}},
        "sink": rest_sink(server, token),
        "reporting": [{"type": "datahub"}],
    }
    done, report = ingest(server, token, recipe, tmp_path, "file")
    assert_clean_run(done, report)

    wrong = {}
    for kind, (urn, _key, aspect) in entities.items():
        try:
            got = graph.get_aspect(urn, type(aspect))
        except Exception as e:  # noqa: BLE001 (collect every kind, then fail once)
            wrong[kind] = f"{urn}: {type(e).__name__}: {str(e)[:300]}"
            continue
        if got != aspect:
            wrong[kind] = f"{urn} {aspect.ASPECT_NAME}: wrote {aspect.to_obj()} read {got and got.to_obj()}"
    assert wrong == {}, "\n".join(f"{k}: {v}" for k, v in sorted(wrong.items()))


# --- d. pipeline lineage: flow, jobs, datasets -----------------------------------------------------

def test_datajob_lineage_through_graphql_cli_and_sdk(server, token, graph, emitter, unique):
    platform = f"lin{unique}"
    src, mid, dst = (DatasetUrn(platform, f"{n}_{unique}", "PROD") for n in ("raw", "clean", "mart"))
    for ds in (src, mid, dst):
        emitter.emit_mcp(MetadataChangeProposalWrapper(
            entityUrn=str(ds), aspect=m.DatasetPropertiesClass(name=ds.name)), emit_mode=EmitMode.SYNC_PRIMARY)
    flow = DataFlow(orchestrator="airflow", id=f"flow_{unique}", cluster="prod", name=f"flow {unique}")
    job1 = DataJob(id=f"clean_{unique}", flow_urn=flow.urn, name="clean", inlets=[src], outlets=[mid])
    job2 = DataJob(id=f"mart_{unique}", flow_urn=flow.urn, name="mart", inlets=[mid], outlets=[dst])
    flow.emit(emitter)
    job1.emit(emitter)
    job2.emit(emitter)
    io = graph.get_aspect(str(job1.urn), m.DataJobInputOutputClass)
    assert io is not None and io.inputDatasets == [str(src)] and io.outputDatasets == [str(mid)]

    expected = {str(job1.urn), str(mid), str(job2.urn), str(dst)}
    # Each way of reading the lineage is checked, and every miss reported together.
    problems = []

    def across():
        res = graph.execute_graphql(
            "query($urn: String!) { searchAcrossLineage(input: {urn: $urn, direction: DOWNSTREAM, query: \"*\", "
            "start: 0, count: 100, orFilters: [{and: [{field: \"degree\", condition: EQUAL, "
            "values: [\"1\", \"2\", \"3+\"]}]}]}) { total searchResults { degree entity { urn type } } } }",
            variables={"urn": str(src)},
        )["searchAcrossLineage"]
        found = {r["entity"]["urn"]: (r["entity"]["type"], r["degree"]) for r in res["searchResults"]}
        return found if expected <= set(found) else None, found

    found = poll(lambda: across()[0]) or across()[1]
    if not expected <= set(found):
        problems.append(f"searchAcrossLineage DOWNSTREAM of {src} missed {sorted(expected - set(found))}; got {found}")
    elif found[str(job1.urn)][0] != "DATA_JOB":
        problems.append(f"searchAcrossLineage: {job1.urn} typed {found[str(job1.urn)][0]}")

    scroll = graph.execute_graphql(
        "query($urn: String!) { scrollAcrossLineage(input: {urn: $urn, direction: DOWNSTREAM, query: \"*\", "
        "count: 100, orFilters: [{and: [{field: \"degree\", condition: EQUAL, values: [\"1\", \"2\", \"3+\"]}]}]}) "
        "{ nextScrollId searchResults { degree entity { urn } } } }",
        variables={"urn": str(src)},
    )["scrollAcrossLineage"]
    got = {r["entity"]["urn"] for r in scroll["searchResults"]}
    if not expected <= got:
        problems.append(f"scrollAcrossLineage missed {sorted(expected - got)}; got {sorted(got)}")

    one_hop = graph.execute_graphql(
        "query($urn: String!) { dataset(urn: $urn) { lineage(input: {direction: DOWNSTREAM, start: 0, count: 100}) "
        "{ total relationships { type entity { urn type } } } } }",
        variables={"urn": str(src)},
    )["dataset"]["lineage"]
    if [r["entity"] for r in one_hop["relationships"]] != [{"urn": str(job1.urn), "type": "DATA_JOB"}]:
        problems.append(f"Dataset.lineage DOWNSTREAM: {one_hop}")

    done = run_cli(cli_env(server, token), "lineage", "--urn", str(src), "--direction", "downstream",
                   "--hops", "3", "--format", "json")
    if done.returncode != 0:
        problems.append("datahub lineage: " + tail(done, 1500))
    else:
        out = json.loads(done.stdout[done.stdout.index("{"):])
        cli_urns = {r["urn"] for r in (out["results"] if isinstance(out, dict) else out)}
        if not expected <= cli_urns:
            problems.append(f"datahub lineage missed {sorted(expected - cli_urns)}; got {sorted(cli_urns)}")

    from datahub.sdk import DataHubClient

    client = DataHubClient(server=server, token=token)
    try:
        results = client.lineage.get_lineage(source_urn=str(src), direction="downstream", max_hops=3)
    except Exception as e:  # noqa: BLE001 (reported with the others below)
        problems.append(f"DataHubClient.lineage.get_lineage: {type(e).__name__}: {str(e)[:500]}")
    else:
        sdk_urns = {r.urn for r in results}
        if not expected <= sdk_urns:
            problems.append(
                f"DataHubClient.lineage.get_lineage missed {sorted(expected - sdk_urns)}; got {sorted(sdk_urns)}")
    assert problems == [], "\n".join(problems)


# --- e. CLI reads and domains --------------------------------------------------------------------

def test_cli_dataset_get_search_and_domain(server, token, graph, emitter, unique, tmp_path: Path):
    domain_urn = make_domain_urn(f"dom_{unique}")
    name = f"cliread_{unique}"
    urn = make_dataset_urn("hive", name)
    emitter.emit_mcps([
        MetadataChangeProposalWrapper(entityUrn=domain_urn, aspect=m.DomainPropertiesClass(name=f"Domain {unique}")),
        MetadataChangeProposalWrapper(entityUrn=urn, aspect=m.DatasetPropertiesClass(name=name, description="read me")),
        MetadataChangeProposalWrapper(entityUrn=urn, aspect=m.DomainsClass(domains=[domain_urn])),
    ], emit_mode=EmitMode.SYNC_PRIMARY)

    domains = graph.get_domain(urn)
    assert domains is not None and domains.domains == [domain_urn]
    assert graph.get_domain_properties(domain_urn).name == f"Domain {unique}"

    env = cli_env(server, token)
    out = tmp_path / "ds.yaml"
    done = run_cli(env, "dataset", "get", "--urn", urn, "--to-file", str(out))
    assert done.returncode == 0, tail(done)
    got = yaml.safe_load(out.read_text())
    assert got["urn"] == urn and got["id"] == name and got["platform"] == "hive"
    assert got["description"] == "read me" and got["domains"] == [domain_urn], got

    def cli_search():
        d = run_cli(env, "search", name, "--format", "urns", "--limit", "10")
        assert d.returncode == 0, tail(d)
        return urn in d.stdout.split()

    assert poll(cli_search), f"`datahub search {name}` did not list {urn}"
    done = run_cli(env, "search", name, "--filter", "platform=hive", "--limit", "10")
    assert done.returncode == 0, tail(done)
    body = json.loads(done.stdout[done.stdout.index("{"):])
    assert urn in [r["entity"]["urn"] for r in body["searchResults"]]


def test_cli_delete_by_platform_and_env(server, token, graph, emitter, unique):
    """`datahub delete --platform --env` filters on fields some kinds lack (`origin`, `env`): they match
    nothing of those kinds instead of failing; a dry run changes nothing, the real run soft-deletes."""
    platform = f"del{unique}"
    prod = [make_dataset_urn(platform, f"t{i}_{unique}", "PROD") for i in range(2)]
    dev = make_dataset_urn(platform, f"d_{unique}", "DEV")
    for urn in (*prod, dev):
        emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=urn, aspect=m.StatusClass(removed=False)),
                         emit_mode=EmitMode.SYNC_PRIMARY)
    env = cli_env(server, token)
    args = ("delete", "--platform", platform, "--env", "PROD", "--force")

    def listed():
        done = run_cli(env, *args, "--dry-run")
        assert done.returncode == 0, tail(done)
        return [u for u in (*prod, dev) if u in done.stdout + done.stderr] if "Would delete 2 entities" in (
            done.stdout + done.stderr) else None

    assert poll(listed) == prod
    assert all(not graph.get_aspect(u, m.StatusClass).removed for u in (*prod, dev))
    done = run_cli(env, *args)
    assert done.returncode == 0, tail(done)
    assert [graph.get_aspect(u, m.StatusClass).removed for u in (*prod, dev)] == [True, True, False]
