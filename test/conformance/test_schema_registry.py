"""neohub's schema registry with Confluent's own client (issue 42, item 1).

The client, serializer and deserializer that DataHub's `datahub-kafka` sink uses (confluent-kafka's
SchemaRegistryClient, AvroSerializer, AvroDeserializer), pointed at `/schema-registry/api/` as the sink's
default URL is at DataHub's service, without a token: a proposal serialized with DataHub's own
MetadataChangeProposal schema registers that schema, and the record decodes again from the id in its frame.
"""
import json

import pytest
from confluent_kafka.schema_registry import Schema, SchemaRegistryClient
from confluent_kafka.schema_registry.avro import AvroDeserializer, AvroSerializer
from confluent_kafka.schema_registry.error import SchemaRegistryError
from confluent_kafka.serialization import MessageField, SerializationContext

from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.metadata.schema_classes import DatasetPropertiesClass
from datahub.metadata.schemas import getMetadataChangeProposalSchema


def registry(server: str, prefix: str = "") -> SchemaRegistryClient:
    return SchemaRegistryClient({"url": f"{server}{prefix}/schema-registry/api/"})


def test_the_sink_serializer_registers_and_a_reader_decodes_with_the_writers_schema(server, unique):
    topic = f"MetadataChangeProposal_v1_{unique}"
    urn = f"urn:li:dataset:(urn:li:dataPlatform:hive,registry_{unique},PROD)"
    mcp = MetadataChangeProposalWrapper(
        entityUrn=urn, aspect=DatasetPropertiesClass(name=f"registry {unique}", description="via Avro")
    )
    serializer = AvroSerializer(
        registry(server),
        getMetadataChangeProposalSchema(),
        lambda m, ctx: m.to_obj(tuples=True),
    )
    ctx = SerializationContext(topic, MessageField.VALUE)
    framed = serializer(mcp, ctx)
    # Confluent's framing: magic byte 0, the schema id (4 bytes, big-endian), then Avro binary.
    assert framed[0] == 0
    schema_id = int.from_bytes(framed[1:5], "big")

    # A fresh client (no cache) under /gms reads the writer's schema by that id and decodes the record.
    reader = registry(server, "/gms")
    decoded = AvroDeserializer(reader)(framed, ctx)
    assert decoded["entityUrn"] == urn
    assert decoded["aspectName"] == "datasetProperties"
    assert json.loads(decoded["aspect"]["value"])["name"] == f"registry {unique}"
    latest = reader.get_latest_version(f"{topic}-value")
    assert latest.schema_id == schema_id
    assert latest.version == 1
    assert json.loads(latest.schema.schema_str) == json.loads(getMetadataChangeProposalSchema())


def test_the_same_schema_keeps_its_id_and_versions_follow_in_order(server, unique):
    client = registry(server)
    subject = f"neohub_{unique}-value"
    first = Schema(json.dumps({"type": "record", "name": f"R{unique}", "fields": []}), "AVRO")
    second = Schema(
        json.dumps({"type": "record", "name": f"R{unique}", "fields": [{"name": "n", "type": "int"}]}),
        "AVRO",
    )
    id1 = client.register_schema(subject, first)
    assert registry(server).register_schema(subject, first) == id1
    id2 = client.register_schema(subject, second)
    assert id2 != id1
    assert client.get_versions(subject) == [1, 2]
    found = registry(server).lookup_schema(subject, first)
    assert (found.schema_id, found.version) == (id1, 1)
    assert client.get_version(subject, 2).schema_id == id2


def test_errors_come_in_confluents_shape(server, unique):
    client = registry(server)
    with pytest.raises(SchemaRegistryError) as missing:
        client.get_latest_version(f"missing_{unique}-value")
    assert (missing.value.http_status_code, missing.value.error_code) == (404, 40401)
    with pytest.raises(SchemaRegistryError) as invalid:
        client.register_schema(f"bad_{unique}-value", Schema('{"type": "recrd"}', "AVRO"))
    assert (invalid.value.http_status_code, invalid.value.error_code) == (422, 42201)
