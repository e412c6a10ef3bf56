"""DataHub's `datahub-kafka` sink against neohub (issue 42, item 2), unchanged: `datahub ingest` of a SQLite
database produces Avro proposals to `MetadataChangeProposal_v1` on a real Apache Kafka broker, registering
their schema with neohub's registry (the sink's `schema_registry_url` pointed at neohub, as its default points
at DataHub's service), and neohub's proposal consumer writes them. The same database ingested with the REST
sink under another platform instance gives each entity the same aspects.

Runs in the test command's Kafka step, against a neohub started with KAFKA_BOOTSTRAP_SERVER
(NEOHUB_TEST_KAFKA_BOOTSTRAP names the broker); skipped without it.
"""
import os
import uuid

import pytest

from ingest_support import failures, ingest, make_sqlite_db, poll, rest_sink, tail
from test_ingest_sqlite import sqlite_dataset, sqlite_recipe

BOOTSTRAP = os.environ.get("NEOHUB_TEST_KAFKA_BOOTSTRAP")
pytestmark = pytest.mark.skipif(not BOOTSTRAP, reason="needs the Kafka step of the test command")


def kafka_sink(server: str):
    return {
        "type": "datahub-kafka",
        "config": {"connection": {"bootstrap": BOOTSTRAP, "schema_registry_url": f"{server}/schema-registry/api/"}},
    }


def aspects_of(graph, urn):
    raw = graph.get_entity_raw(urn) or {}
    return set((raw.get("aspects") or {}).keys())


def test_sqlite_through_the_kafka_sink_loads_what_the_rest_sink_loads(server, token, graph, tmp_path):
    unique = uuid.uuid4().hex[:10]
    db = tmp_path / f"shop_{unique}.db"
    names = make_sqlite_db(db, unique)
    runs = {}
    for mode in ("rest", "kafka"):
        instance = f"nh{mode}{unique}"
        recipe = sqlite_recipe(server, token, db, instance, f"conf_kafka_{mode}_{unique}")
        recipe["sink"] = kafka_sink(server) if mode == "kafka" else rest_sink(server, token)
        done, report = ingest(server, token, recipe, tmp_path, f"sqlite_{mode}")
        assert done.returncode == 0, tail(done)
        assert failures(report) == {"source": [], "sink": []}, tail(done, 1500)
        runs[mode] = instance
    for table in names.values():
        rest_urn = sqlite_dataset(runs["rest"], table)
        kafka_urn = sqlite_dataset(runs["kafka"], table)
        expected = aspects_of(graph, rest_urn)
        assert "schemaMetadata" in expected
        # The consumer writes asynchronously: wait until every aspect the REST sink wrote is there.
        got = poll(lambda: expected <= aspects_of(graph, kafka_urn) and aspects_of(graph, kafka_urn), timeout=60)
        assert got and expected <= got, f"{kafka_urn}: {sorted(expected - (got or set()))} missing"
        rest_schema = graph.get_entity_raw(rest_urn)["aspects"]["schemaMetadata"]["value"]
        kafka_schema = graph.get_entity_raw(kafka_urn)["aspects"]["schemaMetadata"]["value"]
        assert [f["fieldPath"] for f in kafka_schema["fields"]] == [f["fieldPath"] for f in rest_schema["fields"]]
