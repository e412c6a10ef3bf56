"""DataHub's `datahub-kafka` sink against neohub (issue 42, item 2), unchanged: `datahub ingest` of a SQLite
database produces Avro proposals to `MetadataChangeProposal_v1` on a real Apache Kafka broker, registering
their schema with neohub's registry (the sink's `schema_registry_url` pointed at neohub, as its default points
at DataHub's service), and neohub's proposal consumer writes them. The same database ingested with the REST
sink under another platform instance loads the same run: every entity (datasets, containers, the view's query
and schema fields), the same aspects of each, with the same values, and the same table profiles.

Runs in the test command's Kafka step, against a neohub started with KAFKA_BOOTSTRAP_SERVER
(NEOHUB_TEST_KAFKA_BOOTSTRAP names the broker); skipped without it.
"""
import hashlib
import json
import os
import uuid

import pytest

import datahub.metadata.schema_classes as m

from ingest_support import failures, ingest, make_sqlite_db, poll, rest_sink, tail
from test_ingest_sqlite import sqlite_dataset, sqlite_recipe

BOOTSTRAP = os.environ.get("NEOHUB_TEST_KAFKA_BOOTSTRAP")
pytestmark = pytest.mark.skipif(not BOOTSTRAP, reason="needs the Kafka step of the test command")

PAGE = 1000


def kafka_sink(server: str):
    return {
        "type": "datahub-kafka",
        "config": {"connection": {"bootstrap": BOOTSTRAP, "schema_registry_url": f"{server}/schema-registry/api/"}},
    }


def run_rows(graph, run_id):
    """Every aspect whose current value the run wrote, with its value (`/runs?action=describe`, as
    `datahub ingest show --show-aspect` reads it)."""
    rows, start = [], 0
    while True:
        page = graph._post_generic(f"{graph.config.server}/runs?action=describe",
                                   {"runId": run_id, "start": start, "count": PAGE, "includeSoft": True,
                                    "includeAspect": True}).get("value") or []
        rows += page
        if len(page) < PAGE:
            return rows
        start += PAGE


def stamps_without_time(value):
    """`value` with the time of each audit stamp ({actor, time}) left out: when the source made it."""
    if isinstance(value, list):
        return [stamps_without_time(v) for v in value]
    if isinstance(value, dict):
        stamp = "actor" in value and "time" in value
        return {k: stamps_without_time(v) for k, v in value.items() if not (stamp and k == "time")}
    return value


def loaded(graph, run_id, instance):
    """The run as {urn: {aspect name: value}}, made comparable across the two runs: the platform instance
    named INSTANCE; each container (its id a hash of its key, instance included) named by its properties
    and each query (its id a hash of its view's URN) by its statement; audit stamps without their time."""
    text = json.dumps(run_rows(graph, run_id)).replace(instance, "INSTANCE")
    for row in json.loads(text):
        kind, _, key = row["urn"].removeprefix("urn:li:").partition(":")
        props = row.get("aspect") or {}
        if kind == "container" and row["aspectName"] == "containerProperties":
            custom = ",".join(f"{k}={v}" for k, v in sorted((props.get("customProperties") or {}).items()))
            text = text.replace(key, f"<{props.get('name')};{custom}>")
        elif kind == "query" and row["aspectName"] == "queryProperties":
            statement = (props.get("statement") or {}).get("value", "")
            text = text.replace(key, f"<statement {hashlib.sha256(statement.encode()).hexdigest()[:16]}>")
    out = {}
    for row in json.loads(text):
        out.setdefault(row["urn"], {})[row["aspectName"]] = stamps_without_time(row.get("aspect"))
    return out


def profile(graph, urn):
    """The dataset's latest profile (a time-series aspect: runs list versioned aspects only), without its
    time."""
    found = graph.get_latest_timeseries_value(entity_urn=urn, aspect_type=m.DatasetProfileClass,
                                              filter_criteria_map={})
    return None if found is None else {k: v for k, v in found.to_obj().items() if k != "timestampMillis"}


def aspect_names(run):
    return {urn: sorted(aspects) for urn, aspects in run.items()}


def test_sqlite_through_the_kafka_sink_loads_what_the_rest_sink_loads(server, token, graph, tmp_path):
    unique = uuid.uuid4().hex[:10]
    db = tmp_path / f"shop_{unique}.db"
    names = make_sqlite_db(db, unique)
    runs = {}
    for mode in ("rest", "kafka"):
        instance = f"nh{mode}{unique}"
        recipe = sqlite_recipe(server, token, db, instance, f"conf_kafka_{mode}_{unique}")
        recipe["run_id"] = f"conf-kafka-{mode}-{unique}"
        recipe["sink"] = kafka_sink(server) if mode == "kafka" else rest_sink(server, token)
        done, report = ingest(server, token, recipe, tmp_path, f"sqlite_{mode}")
        assert done.returncode == 0, tail(done)
        assert failures(report) == {"source": [], "sink": []}, tail(done, 1500)
        runs[mode] = (recipe["run_id"], instance)

    rest = loaded(graph, *runs["rest"])
    # The REST run is the reference: the tables and the view, and their containers.
    for table in names.values():
        assert "schemaMetadata" in rest.get(sqlite_dataset("INSTANCE", table), {}), sorted(rest)
    assert any(u.startswith("urn:li:container:") for u in rest), sorted(rest)

    # The consumer writes asynchronously: wait until the Kafka run has every entity and aspect, each with its
    # last value (an aspect the source emits twice is there before its second value is).
    def kafka_run():
        run = loaded(graph, *runs["kafka"])
        return run if run == rest else None

    kafka = poll(kafka_run, timeout=60) or loaded(graph, *runs["kafka"])
    assert aspect_names(kafka) == aspect_names(rest)
    assert any(u.startswith("urn:li:query:") for u in kafka), sorted(kafka)
    # The same values, aspect by aspect (one assert each, for a readable difference).
    for urn, aspects in rest.items():
        for name, value in aspects.items():
            assert kafka[urn][name] == value, f"{urn} {name}"
    # And the profiles of the tables.
    profiled = 0
    for urn in (u for u in rest if u.startswith("urn:li:dataset:")):
        expected = profile(graph, urn.replace("INSTANCE", runs["rest"][1]))
        kafka_urn = urn.replace("INSTANCE", runs["kafka"][1])
        got = poll(lambda: profile(graph, kafka_urn), timeout=30) if expected else profile(graph, kafka_urn)
        assert got == expected, urn
        profiled += expected is not None
    assert profiled == 3
