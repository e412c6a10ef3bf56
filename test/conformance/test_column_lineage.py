"""Column-level lineage asked for as DataHub's tools ask (decision 0055): a view ingested with its column
lineage by DataHub's SQL source (SQLite), its columns' downstream lineage written through DataHub's SDK,
then `datahub lineage --column` (the CLI command), GraphQL searchAcrossLineage from the column's
schemaField URN (with and without a groupingSpec), and the OpenAPI relationships the SDK reads. The
columns are no entities of their own: the answers come from the fine-grained lineage alone."""
import json
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

import datahub.metadata.schema_classes as m
from datahub.emitter.mce_builder import make_dataset_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.emitter.rest_emitter import EmitMode
from datahub.ingestion.graph.openapi import RelationshipDirection
from datahub.metadata.urns import SchemaFieldUrn

from ingest_support import cli_env, failures, ingest, rest_sink, run_cli, tail, poll


def field(dataset: str, path: str) -> str:
    return str(SchemaFieldUrn(dataset, path))


@pytest.fixture(scope="module")
def estate(server, token, emitter, graph, tmp_path_factory):
    """A SQLite table and a view over it, ingested with column lineage; then, through the SDK, a table
    fed by the view's `doubled` column and a table fed by that one (three hops from the source column)."""
    from datahub.sdk import DataHubClient

    unique = uuid.uuid4().hex[:10]
    workdir = tmp_path_factory.mktemp("cll")
    db = workdir / f"cll_{unique}.db"
    src, view = f"src_{unique}", f"doubled_{unique}"
    con = sqlite3.connect(db)
    con.executescript(f"""
        CREATE TABLE {src} (id INTEGER PRIMARY KEY, amount REAL, label TEXT);
        CREATE VIEW {view} AS SELECT id, amount * 2 AS doubled, label FROM {src};
        INSERT INTO {src} VALUES (1, 2.5, 'a');
    """)
    con.commit()
    con.close()
    instance = f"cll{unique}"
    recipe = {
        "pipeline_name": f"conf_cll_{unique}",
        "source": {"type": "sqlalchemy", "config": {
            "platform": "sqlite", "connect_uri": f"sqlite:///{db}", "platform_instance": instance,
            "include_views": True, "include_view_lineage": True, "include_view_column_lineage": True}},
        "sink": rest_sink(server, token),
    }
    done, report = ingest(server, token, recipe, workdir, "cll")
    assert done.returncode == 0, tail(done)
    assert failures(report) == {"source": [], "sink": []}, json.dumps(failures(report))[:2000]

    view_urn = make_dataset_urn("sqlite", f"{instance}.main.{view}")
    client = DataHubClient(server=server, token=token)
    lineage = graph.get_aspect(view_urn, m.UpstreamLineageClass)
    assert lineage is not None and lineage.fineGrainedLineages, "the SQL source wrote no column lineage"
    # The source column as the SQL source named it (the 1.7.0.17 client leaves `main.` out of upstreams).
    [source_column] = [u for fg in lineage.fineGrainedLineages
                       if fg.downstreams == [field(view_urn, "doubled")] for u in fg.upstreams]

    report_urn = make_dataset_urn("hive", f"cll_report_{unique}")
    board_urn = make_dataset_urn("hive", f"cll_board_{unique}")
    for urn, column in ((report_urn, "total"), (board_urn, "total_shown")):
        emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=urn, aspect=m.SchemaMetadataClass(
            schemaName=urn, platform="urn:li:dataPlatform:hive", version=0, hash="",
            platformSchema=m.OtherSchemaClass(rawSchema=""),
            fields=[m.SchemaFieldClass(fieldPath=column, type=m.SchemaFieldDataTypeClass(type=m.NumberTypeClass()),
                                       nativeDataType="double")])), emit_mode=EmitMode.SYNC_PRIMARY)
    client.lineage.add_lineage(upstream=view_urn, downstream=report_urn, column_lineage={"total": ["doubled"]})
    client.lineage.add_lineage(upstream=report_urn, downstream=board_urn,
                               column_lineage={"total_shown": ["total"]})
    return {
        "view": view_urn, "report": report_urn, "board": board_urn, "source_column": source_column,
        "env": cli_env(server, token),
    }


def cli_lineage(estate, *args):
    done = run_cli(estate["env"], "lineage", *args, "--format", "json")
    assert done.returncode == 0, tail(done)
    out = done.stdout
    return json.loads(out[out.index("{"):])


def test_cli_lineage_column_downstream_multi_hop(estate):
    got = cli_lineage(estate, "--urn", estate["view"], "--column", "doubled", "--direction", "downstream")
    assert [(r["urn"], r["type"], r["hops"]) for r in got["results"]] == [
        (field(estate["report"], "total"), "SCHEMA_FIELD", 1),
        (field(estate["board"], "total_shown"), "SCHEMA_FIELD", 2),
    ]
    assert got["metadata"]["max_hops_found"] == 2
    one = cli_lineage(estate, "--urn", estate["view"], "--column", "doubled", "--direction", "downstream",
                      "--hops", "1")
    assert [r["urn"] for r in one["results"]] == [field(estate["report"], "total")]


def test_cli_lineage_column_upstream_reaches_the_sql_sources_column(estate):
    got = cli_lineage(estate, "--urn", estate["board"], "--column", "total_shown", "--direction", "upstream")
    assert [(r["urn"], r["hops"]) for r in got["results"]] == [
        (field(estate["report"], "total"), 1),
        (field(estate["view"], "doubled"), 2),
        (estate["source_column"], 3),
    ]


def test_cli_lineage_table_output_in_its_own_process(estate):
    """The command as a user runs it: the console script beside this interpreter, in a process of its own."""
    datahub = Path(sys.executable).parent / "datahub"
    done = subprocess.run([str(datahub), "lineage", "--urn", estate["view"], "--column", "doubled",
                           "--direction", "downstream"], env=estate["env"], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, tail(done)
    assert "Downstream lineage: 2 entities, up to 2 hops" in done.stdout
    assert field(estate["board"], "total_shown") in done.stdout


SEARCH = """query($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) {
  total searchResults { degree entity { urn type } paths { path { urn type } } } } }"""


def test_graphql_search_across_lineage_from_the_column(graph, estate):
    start = field(estate["view"], "doubled")
    columns = {"groupingCriteria": [{"baseEntityType": "SCHEMA_FIELD", "groupingEntityType": "SCHEMA_FIELD"}]}
    res = graph.execute_graphql(SEARCH, variables={"input": {
        "urn": start, "direction": "DOWNSTREAM", "query": "*", "count": 10,
        "searchFlags": {"groupingSpec": columns}}})["searchAcrossLineage"]
    assert [(r["entity"]["urn"], r["entity"]["type"], r["degree"]) for r in res["searchResults"]] == [
        (field(estate["report"], "total"), "SCHEMA_FIELD", 1),
        (field(estate["board"], "total_shown"), "SCHEMA_FIELD", 2),
    ]
    assert [p["urn"] for p in res["searchResults"][1]["paths"][0]["path"]] == [
        start, field(estate["report"], "total"), field(estate["board"], "total_shown")]

    # No groupingSpec (DataHub's default, and a spec grouping fields by dataset): the columns' datasets.
    def grouped(flags):
        r = graph.execute_graphql(SEARCH, variables={"input": {
            "urn": start, "direction": "DOWNSTREAM", "query": "*", "count": 10, **flags}})["searchAcrossLineage"]
        return [(x["entity"]["urn"], x["entity"]["type"], x["degree"]) for x in r["searchResults"]]

    datasets = [(estate["report"], "DATASET", 1), (estate["board"], "DATASET", 2)]
    assert poll(lambda: grouped({}) == datasets), grouped({})
    by_dataset = {"groupingSpec": {"groupingCriteria": [
        {"baseEntityType": "SCHEMA_FIELD", "groupingEntityType": "DATASET"}]}}
    assert grouped({"searchFlags": by_dataset}) == datasets


def test_openapi_relationships_of_a_column(graph, estate):
    """The SDK's one-hop read of relationships (OpenAPI), from a column: its fine-grained lineage edges."""
    report_total = field(estate["report"], "total")
    ups = [r.urn for r in graph.get_related_entities(report_total, ["DownstreamOf"], RelationshipDirection.OUTGOING)]
    assert ups == [field(estate["view"], "doubled")]
    downs = [r.urn for r in graph.get_related_entities(report_total, ["DownstreamOf"], RelationshipDirection.INCOMING)]
    assert downs == [field(estate["board"], "total_shown")]
