"""DataHub's `dbt` source over a small dbt project that dbt itself builds and documents (dbt-core with the
SQLite adapter: its real manifest.json and catalog.json), its warehouse tables ingested by DataHub's
sqlalchemy (SQLite) source: each dbt node and its table are linked as siblings both ways, the dbt side
primary, as DataHub's sibling hook links them (docs/decisions/0054); GraphQL `siblings` answers them,
with the dbt side's description for the warehouse table that has none; search answers both entities of
a group, as DataHub's does, each naming the other, so that a client shows the group once.
Names hold a per-run suffix."""
import os
import shutil
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
import yaml

import datahub.metadata.schema_classes as m
from datahub.emitter.mce_builder import make_dataset_urn

from ingest_support import failures, ingest, poll, rest_sink, tail


def dbt_executable() -> str:
    """dbt beside this interpreter (test/conformance/requirements.txt installs it), or NEOHUB_DBT."""
    found = os.environ.get("NEOHUB_DBT") or shutil.which("dbt", path=str(Path(sys.executable).parent))
    assert found, "dbt is not installed beside the Python running the tests (test/conformance/requirements.txt)"
    return found


def make_dbt_project(root: Path, suffix: str) -> dict:
    """A SQLite warehouse with one raw table, and a dbt project on it: that table as a dbt source, a
    staging model reading it, and a model reading the staging one, all documented."""
    names = {"raw": f"raw_orders_{suffix}", "stg": f"stg_orders_{suffix}", "paid": f"paid_orders_{suffix}"}
    db = root / "warehouse.db"
    con = sqlite3.connect(db)
    con.executescript(f"""
        CREATE TABLE {names['raw']} (id INTEGER PRIMARY KEY, amount REAL, status TEXT);
        INSERT INTO {names['raw']} VALUES (1, 10.5, 'paid'), (2, 3.0, 'open');
    """)
    con.commit()
    con.close()
    (root / "models").mkdir()
    (root / "dbt_project.yml").write_text(yaml.safe_dump({
        "name": "shop", "version": "1.0", "profile": "shop", "config-version": 2,
        "models": {"shop": {"+materialized": "table"}},
    }))
    (root / "profiles.yml").write_text(yaml.safe_dump({"shop": {"target": "dev", "outputs": {"dev": {
        "type": "sqlite", "threads": 1, "database": "database", "schema": "main",
        "schemas_and_paths": {"main": str(db)}, "schema_directory": str(root),
    }}}}))
    (root / "models" / "schema.yml").write_text(yaml.safe_dump({"version": 2, "sources": [{
        "name": "raw", "schema": "main",
        "tables": [{"name": names["raw"], "description": "Orders as the shop writes them"}],
    }], "models": [
        {"name": names["stg"], "description": "Orders, cleaned",
         "columns": [{"name": "id", "description": "The order id"}]},
        {"name": names["paid"], "description": "Paid orders only"},
    ]}))
    (root / "models" / f"{names['stg']}.sql").write_text(
        f"select id, amount, status from {{{{ source('raw', '{names['raw']}') }}}}")
    (root / "models" / f"{names['paid']}.sql").write_text(
        f"select id, amount from {{{{ ref('{names['stg']}') }}}} where status = 'paid'")
    return {**names, "db": db}


def run_dbt(root: Path, *args: str) -> None:
    env = {**os.environ, "DBT_SEND_ANONYMOUS_USAGE_STATS": "false", "DBT_PROFILES_DIR": str(root)}
    done = subprocess.run([dbt_executable(), *args, "--project-dir", str(root)], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, tail(done)


@pytest.fixture(scope="module")
def dbt_run(server, token, tmp_path_factory):
    """dbt builds the models and writes its artifacts; DataHub's SQL source ingests the warehouse, then
    its dbt source the artifacts, each with `datahub ingest`."""
    suffix = uuid.uuid4().hex[:8]
    root = tmp_path_factory.mktemp("dbt")
    names = make_dbt_project(root, suffix)
    run_dbt(root, "run")
    run_dbt(root, "docs", "generate", "--no-compile")
    target = root / "target"
    assert (target / "manifest.json").exists() and (target / "catalog.json").exists()

    warehouse = {
        "pipeline_name": f"dbt_warehouse_{suffix}",
        "source": {"type": "sqlalchemy", "config": {
            "platform": "sqlite", "connect_uri": f"sqlite:///{names['db']}", "env": "PROD",
            "include_tables": True, "include_views": False, "profiling": {"enabled": False},
        }},
        "sink": rest_sink(server, token),
    }
    done, report = ingest(server, token, warehouse, root, "warehouse")
    assert done.returncode == 0 and failures(report) == {"source": [], "sink": []}, tail(done)

    dbt = {
        "pipeline_name": f"dbt_models_{suffix}",
        "source": {"type": "dbt", "config": {
            "manifest_path": str(target / "manifest.json"),
            "catalog_path": str(target / "catalog.json"),
            "run_results_paths": [str(target / "run_results.json")],
            "target_platform": "sqlite",
            # SQLite's tables are named <schema>.<table> by the SQL source: no database part.
            "include_database_name": False,
            "env": "PROD",
        }},
        "sink": rest_sink(server, token),
    }
    done, report = ingest(server, token, dbt, root, "dbt")
    assert done.returncode == 0 and failures(report) == {"source": [], "sink": []}, tail(done)

    def pair(name):
        return {"dbt": make_dataset_urn("dbt", f"main.{name}"), "table": make_dataset_urn("sqlite", f"main.{name}")}

    return {key: pair(names[key]) for key in ("raw", "stg", "paid")} | {"suffix": suffix}


@pytest.mark.parametrize("node", ["stg", "paid", "raw"])
def test_dbt_node_and_its_table_are_siblings_both_ways(dbt_run, graph, node):
    dbt, table = dbt_run[node]["dbt"], dbt_run[node]["table"]
    assert graph.exists(dbt) and graph.exists(table)
    on_dbt = graph.get_aspect(dbt, m.SiblingsClass)
    on_table = graph.get_aspect(table, m.SiblingsClass)
    # DataHub's hook: the dbt side primary (models linked from the table's lineage, sources from their own).
    assert on_dbt is not None and (on_dbt.siblings, on_dbt.primary) == ([table], True)
    assert on_table is not None and (on_table.siblings, on_table.primary) == ([dbt], False)


SIBLINGS = """query ($urn: String!) { dataset(urn: $urn) {
  urn properties { description }
  siblings { isPrimary siblings { urn ... on Dataset { platform { name } properties { description } } } }
} }"""


def test_graphql_siblings_answer_the_other_side_with_its_description(dbt_run, graph):
    stg = dbt_run["stg"]
    table = graph.execute_graphql(SIBLINGS, {"urn": stg["table"]})["dataset"]
    assert table["siblings"]["isPrimary"] is False
    [other] = table["siblings"]["siblings"]
    assert other["urn"] == stg["dbt"] and other["platform"]["name"] == "dbt"
    # The warehouse copy has no description of its own: its dbt sibling's is there to show.
    assert other["properties"]["description"] == "Orders, cleaned"
    dbt = graph.execute_graphql(SIBLINGS, {"urn": stg["dbt"]})["dataset"]
    assert dbt["siblings"]["isPrimary"] is True
    assert [s["urn"] for s in dbt["siblings"]["siblings"]] == [stg["table"]]


SEARCH = """query ($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) {
  total searchResults { entity { urn ... on Dataset { siblings { isPrimary siblings { urn } } } } }
} }"""


def combined(results):
    """DataHub's web client's rule for search results: an entity already shown as a sibling of an
    earlier result is not shown again (its group is one result)."""
    shown, seen = [], set()
    for r in results:
        e = r["entity"]
        if e["urn"] in seen:
            continue
        shown.append(e["urn"])
        seen.update(s["urn"] for s in ((e.get("siblings") or {}).get("siblings") or []))
    return shown


def test_search_shows_each_model_once(dbt_run, graph):
    suffix = dbt_run["suffix"]
    urns = {u for key in ("raw", "stg", "paid") for u in dbt_run[key].values()}

    def search():
        res = graph.execute_graphql(SEARCH, {"input": {"types": ["DATASET"], "query": suffix, "count": 20}})
        found = res["searchAcrossEntities"]["searchResults"]
        return found if {r["entity"]["urn"] for r in found} >= urns else None

    results = poll(search, timeout=30.0)
    assert results, "the search index never showed the dbt nodes and their tables"
    # As DataHub's search answers: both entities of each group, each naming the other as its sibling.
    assert {r["entity"]["urn"] for r in results} == urns
    for r in results:
        assert r["entity"]["siblings"] and len(r["entity"]["siblings"]["siblings"]) == 1
    # So each model (and the source) is shown once.
    shown = combined(results)
    assert len(shown) == 3
    for key in ("raw", "stg", "paid"):
        assert len(set(dbt_run[key].values()) & set(shown)) == 1
