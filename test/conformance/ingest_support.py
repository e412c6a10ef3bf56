"""Helpers for the ingestion-framework tests: the `datahub` CLI beside this interpreter, recipes run
with a file report, a small SQLite catalog, and one generic aspect per entity kind built from the
pinned model's own schemas."""
import contextlib
import faulthandler
import io
import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import yaml

import datahub.metadata.schema_classes as m
import datahub.metadata.urns  # noqa: F401  (registers every URN class in URN_TYPES)
from datahub.utilities.urns._urn_base import URN_TYPES


def cli_env(server: str, token: Optional[str]) -> Dict[str, str]:
    env = {**os.environ, "DATAHUB_GMS_URL": server, "DATAHUB_TELEMETRY_ENABLED": "false"}
    env.pop("DATAHUB_REST_EMITTER_DEFAULT_ENDPOINT", None)
    env.pop("DATAHUB_REST_SINK_DEFAULT_MODE", None)
    if token:
        env["DATAHUB_GMS_TOKEN"] = token
    return env


def run_cli(env: Dict[str, str], *args: str, cwd=None, timeout: int = 120) -> subprocess.CompletedProcess:
    """`datahub <args>` as its console script runs it (`datahub.entrypoints.main`, exit code and all), in
    this interpreter with `env` as its whole environment and `cwd` as its directory, its output captured.
    DataHub's own CLI tests run it in-process too; a process per command paid 1.5 CPU-s of imports (41
    commands in this suite). The graph the CLI caches for its process is dropped before each command, so
    each one connects with its own environment. A command still running after `timeout` seconds ends
    the suite with every thread's stack."""
    from datahub.entrypoints import main
    from datahub.ingestion.graph.client import get_default_graph

    saved = (dict(os.environ), os.getcwd(), sys.argv)
    out, err = io.StringIO(), io.StringIO()
    code: Any = 0
    os.environ.clear()
    os.environ.update(env)
    if cwd is not None:
        os.chdir(cwd)
    sys.argv = ["datahub", *args]
    get_default_graph.cache_clear()
    faulthandler.dump_traceback_later(timeout, exit=True)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main()
            except SystemExit as done:
                code = done.code
    finally:
        faulthandler.cancel_dump_traceback_later()
        os.environ.clear()
        os.environ.update(saved[0])
        os.chdir(saved[1])
        sys.argv = saved[2]
        get_default_graph.cache_clear()
    if code is None:
        code = 0
    elif not isinstance(code, int):
        err.write(f"{code}\n")
        code = 1
    return subprocess.CompletedProcess(["datahub", *args], code, out.getvalue(), err.getvalue())


def tail(done: subprocess.CompletedProcess, n: int = 4000) -> str:
    return f"rc={done.returncode}\n--- stdout ---\n{done.stdout[-n:]}\n--- stderr ---\n{done.stderr[-n:]}"


def ingest(server: str, token: Optional[str], recipe: Dict[str, Any], workdir: Path, name: str) -> Tuple[
    subprocess.CompletedProcess, Dict[str, Any]
]:
    """`datahub ingest -c <recipe>` with a JSON report written beside it (and the default `datahub`
    reporter kept, as a plain CLI run has it): the finished process and the parsed report."""
    recipe_path = workdir / f"{name}.yml"
    report_path = workdir / f"{name}-report.json"
    recipe_path.write_text(yaml.safe_dump(recipe, sort_keys=False))
    done = run_cli(cli_env(server, token), "ingest", "-c", str(recipe_path), "--report-to", str(report_path),
                   cwd=workdir)
    report = json.loads(report_path.read_text()) if report_path.exists() else {}
    return done, report


def failures(report: Dict[str, Any]) -> Dict[str, Any]:
    """The source's and the sink's failures as the report lists them (both empty on a clean run)."""
    src = (report.get("source") or {}).get("report") or {}
    sink = (report.get("sink") or {}).get("report") or {}
    return {"source": src.get("failures") or [], "sink": sink.get("failures") or []}


def rest_sink(server: str, token: Optional[str], openapi: bool = False) -> Dict[str, Any]:
    config: Dict[str, Any] = {"server": server}
    if token:
        config["token"] = token
    if openapi:
        config["endpoint"] = "openapi"
    return {"type": "datahub-rest", "config": config}


# --- SQLite -----------------------------------------------------------------------------------------

def make_sqlite_db(path: Path, suffix: str, with_view: bool = True) -> Dict[str, str]:
    """Three tables (orders with two NAMED foreign keys: unnamed inline ones crash the 1.7.0.17 client),
    optionally a view joining them, and a few rows. Returns the table/view names."""
    names = {
        "customers": f"customers_{suffix}",
        "products": f"products_{suffix}",
        "orders": f"orders_{suffix}",
        "view": f"customer_orders_{suffix}",
    }
    c, p, o, v = names["customers"], names["products"], names["orders"], names["view"]
    con = sqlite3.connect(path)
    con.executescript(f"""
        CREATE TABLE {c} (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, created_at TIMESTAMP);
        CREATE TABLE {p} (id INTEGER PRIMARY KEY, title TEXT NOT NULL, price REAL);
        CREATE TABLE {o} (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, product_id INTEGER,
          qty INTEGER DEFAULT 1, note TEXT,
          CONSTRAINT fk_{o}_customer FOREIGN KEY (customer_id) REFERENCES {c}(id),
          CONSTRAINT fk_{o}_product FOREIGN KEY (product_id) REFERENCES {p}(id));
        INSERT INTO {c} VALUES (1,'Ann','ann@x.io','2024-01-01'),(2,'Bob',NULL,'2024-02-01'),(3,'Cy','cy@x.io','2024-03-01');
        INSERT INTO {p} VALUES (1,'Pen',1.5),(2,'Book',12.0);
        INSERT INTO {o} VALUES (1,1,1,2,'a'),(2,1,2,1,NULL),(3,2,1,5,'b'),(4,3,2,1,NULL);
    """)
    if with_view:
        con.execute(f"CREATE VIEW {v} AS SELECT c.name, o.qty, p.title FROM {o} o "
                    f"JOIN {c} c ON c.id = o.customer_id JOIN {p} p ON p.id = o.product_id")
    con.commit()
    con.close()
    return names


# --- one entity per kind, from the model's schemas ---------------------------------------------------

ASPECTS_BY_NAME = {cls.ASPECT_NAME: cls for cls in m.ASPECT_CLASSES}

# The non-key aspect written for a kind that has no `status`: one with a small required shape.
NON_STATUS_ASPECTS = {
    "dataHubAccessToken": "dataHubAccessTokenInfo",
    "dataHubConnection": "dataHubConnectionDetails",
    "dataHubExecutionRequest": "dataHubExecutionRequestResult",
    "dataHubIngestionSource": "dataHubIngestionSourceInfo",
    "dataHubPersona": "dataHubPersonaInfo",
    "dataHubPolicy": "dataHubPolicyInfo",
    "dataHubRetention": "dataHubRetentionConfig",
    "dataHubRole": "dataHubRoleInfo",
    "dataHubSecret": "dataHubSecretValue",
    "dataHubStepState": "dataHubStepStateProperties",
    "dataHubUpgrade": "dataHubUpgradeRequest",
    "dataHubView": "dataHubViewInfo",
    "dataPlatform": "dataPlatformInfo",
    "domain": "domainProperties",
    "form": "formInfo",
    "globalSettings": "globalSettingsInfo",
    "incident": "incidentInfo",
    "inviteToken": "inviteToken",
    "post": "postInfo",
    "role": "roleProperties",
    "searchTemplate": "searchTemplateProperties",
    "telemetry": "telemetryClientId",
    "test": "testInfo",
    "versionSet": "versionSetProperties",
}


def _urn_for_field(field_name: str, entity_types: List[str], suffix: str) -> str:
    kind = entity_types[0] if entity_types else None
    if kind is None:
        lowered = field_name.lower()
        kind = "dataPlatform" if "platform" in lowered else "corpuser"
    if kind == "dataPlatform":
        return f"urn:li:dataPlatform:conf{suffix}"
    if kind == "dataset":
        return f"urn:li:dataset:(urn:li:dataPlatform:conf{suffix},ref_{suffix},PROD)"
    if kind == "dataFlow":
        return f"urn:li:dataFlow:(conf{suffix},flow_{suffix},prod)"
    return f"urn:li:{kind}:ref_{field_name}_{suffix}"


def _is_urn_field(props: Dict[str, Any]) -> bool:
    java = props.get("java") or {}
    return "Urn" in props or "Urn" in str(java.get("class", ""))


def _entity_types(props: Dict[str, Any]) -> List[str]:
    if props.get("entityTypes"):
        return list(props["entityTypes"])
    rel = props.get("Relationship") or {}
    return list(rel.get("entityTypes") or []) if isinstance(rel, dict) else []


def _value(schema, field_name: str, props: Dict[str, Any], suffix: str):
    t = schema.type
    if t == "string":
        if _is_urn_field(props):
            return _urn_for_field(field_name, _entity_types(props), suffix)
        return f"{field_name}-{suffix}"
    if t in ("int", "long"):
        return 1700000000000 if t == "long" else 1
    if t in ("float", "double"):
        return 1.5
    if t == "boolean":
        return False
    if t == "enum":
        return schema.symbols[0]
    if t == "array":
        return []
    if t == "map":
        return {}
    if t == "record":
        return _record(schema, suffix)
    if t == "union":
        branches = [s for s in schema.schemas if s.type != "null"]
        first = branches[0]
        value = _value(first, field_name, props, suffix)
        return {first.fullname: value} if first.type == "record" and len(branches) > 1 else value
    raise ValueError(f"no generic value for {t} ({field_name})")


def _record(schema, suffix: str) -> Dict[str, Any]:
    """A record's required fields (those without a default), each with a plain valid value."""
    return {f.name: _value(f.type, f.name, f.other_props, suffix) for f in schema.fields if not f.has_default}


def key_aspect_for(kind: str, suffix: str):
    key_cls = m.KEY_ASPECTS[kind]
    obj: Dict[str, Any] = {}
    for f in key_cls.RECORD_SCHEMA.fields:
        if f.name == "flow":
            obj[f.name] = f"urn:li:dataFlow:(conf{suffix},flow_{suffix},prod)"
        elif f.name == "parent":
            obj[f.name] = f"urn:li:dataset:(urn:li:dataPlatform:conf{suffix},parent_{suffix},PROD)"
        elif f.name == "entityType":
            obj[f.name] = "dataset"
        elif f.name == "origin":
            obj[f.name] = "PROD"
        elif _is_urn_field(f.other_props):
            obj[f.name] = f"urn:li:dataPlatform:conf{suffix}"
        elif f.name in ("orchestrator", "dashboardTool", "notebookTool"):
            obj[f.name] = f"tool{suffix}"
        elif f.name == "cluster":
            obj[f.name] = "prod"
        else:
            obj[f.name] = f"{kind.lower()}_{f.name.lower()}_{suffix}"
    return key_cls.from_obj(obj)


def entity_for(kind: str, suffix: str):
    """(urn, key aspect, non-key aspect) for one entity of `kind`, or None if the kind has no suitable
    non-key aspect."""
    key = key_aspect_for(kind, suffix)
    urn = str(URN_TYPES[kind].from_key_aspect(key))
    aspects = m.KEY_ASPECTS[kind].ASPECT_INFO.get("entityAspects", [])
    if "status" in aspects:
        aspect = m.StatusClass(removed=False)
    elif kind in NON_STATUS_ASPECTS:
        cls = ASPECTS_BY_NAME[NON_STATUS_ASPECTS[kind]]
        aspect = cls.from_obj(_record(cls.RECORD_SCHEMA, suffix))
    else:
        return None
    return urn, key, aspect


def poll(fn, timeout=20.0, every=0.5):
    """fn() until it returns something truthy (search is synced asynchronously); the last value."""
    deadline = time.time() + timeout
    value = fn()
    while not value and time.time() < deadline:
        time.sleep(every)
        value = fn()
    return value
