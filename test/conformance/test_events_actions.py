"""DataHub's Events API (`/openapi/v1/events/poll`) with DataHub's Actions framework as the client: two
pipelines (platform events and the versioned change log) in `datahub-actions` runs stopped and started
again, that see each change to a dataset once, as DataHub's entity change events and change-log
records; and the same change through the CLI and through GraphQL, polled directly."""
import json
import time
import uuid

import pytest
import requests

import datahub.metadata.schema_classes as m
from datahub.emitter.mce_builder import make_dataset_urn, make_schema_field_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub_actions.plugin.source.acryl.datahub_cloud_events_consumer_offsets_store import (
    DataHubEventsConsumerPlatformResourceOffsetsStore,
)

from actions_support import ActionsRun, events_in, tag_markers, pipeline_config
from ingest_support import cli_env, run_cli, tail

PLATFORM = "PlatformEvent_v1"
VERSIONED = "MetadataChangeLog_Versioned_v1"

ADD_TAG = "mutation ($input: TagAssociationInput!) { addTag(input: $input) }"
REMOVE_TAG = "mutation ($input: TagAssociationInput!) { removeTag(input: $input) }"
ADD_OWNER = "mutation ($input: AddOwnerInput!) { addOwner(input: $input) }"


def change_events(envelopes, urn):
    return [e["event"] for e in envelopes
            if e["event_type"] == "EntityChangeEvent_v1" and e["event"]["entityUrn"] == urn]


def change_logs(envelopes, urn):
    return [e["event"] for e in envelopes
            if e["event_type"] == "MetadataChangeLogEvent_v1" and e["event"]["entityUrn"] == urn]


def brief(ece):
    return ece["category"], ece["operation"], ece.get("modifier")


def value(generic_aspect):
    return json.loads(generic_aspect["value"])


def two_field_schema():
    def field(path, kind, native, nullable):
        return m.SchemaFieldClass(fieldPath=path, type=m.SchemaFieldDataTypeClass(type=kind),
                                  nativeDataType=native, nullable=nullable)
    return m.SchemaMetadataClass(
        schemaName="events", platform="urn:li:dataPlatform:hive", version=0, hash="",
        platformSchema=m.OtherSchemaClass(rawSchema=""),
        fields=[field("id", m.NumberTypeClass(), "int", False), field("name", m.StringTypeClass(), "varchar", True)])


@pytest.fixture(scope="module")
def runs(server, token, graph, restli_emitter, tmp_path_factory):
    """Three runs of one platform-event pipeline and one change-log pipeline: the first only to store
    their offsets, the second after a tag, an owner, a schema and a soft delete, the third after a
    reinstatement and the tag's removal. Each run's events, by pipeline."""
    unique = uuid.uuid4().hex[:10]
    work = tmp_path_factory.mktemp("actions")
    ds = make_dataset_urn("hive", f"events_{unique}")
    sentinel = make_dataset_urn("hive", f"events_marks_{unique}")
    tag, owner = f"urn:li:tag:events{unique}", f"urn:li:corpuser:events{unique}"
    # GraphQL only labels entities that exist, with labels that exist.
    for urn, aspect in ((ds, m.DatasetPropertiesClass(name=f"events_{unique}")), (ds, m.StatusClass(removed=False)),
                        (tag, m.TagPropertiesClass(name=f"events{unique}")), (owner, m.CorpUserInfoClass(active=True))):
        graph.emit(MetadataChangeProposalWrapper(entityUrn=urn, aspect=aspect))

    names = {PLATFORM: f"events_{unique}", VERSIONED: f"changelog_{unique}"}
    marker = tag_markers(graph, sentinel, f"mark{unique}")

    def run(label):
        outs = {topic: work / f"{label}-{topic}.jsonl" for topic in names}
        actions = ActionsRun([pipeline_config(names[t], t, outs[t], server, token) for t in names], work, label)
        try:
            actions.wait_for_marker(marker)
            actions.stop()
        finally:
            actions.kill()
        return {topic: events_in(out) for topic, out in outs.items()}

    first = run("first")

    assert graph.execute_graphql(ADD_TAG, {"input": {"tagUrn": tag, "resourceUrn": ds}})["addTag"]
    owned = {"ownerUrn": owner, "resourceUrn": ds, "ownerEntityType": "CORP_USER", "type": "TECHNICAL_OWNER"}
    assert graph.execute_graphql(ADD_OWNER, {"input": owned})["addOwner"]
    restli_emitter.emit(MetadataChangeProposalWrapper(entityUrn=ds, aspect=two_field_schema()))
    graph.soft_delete_entity(ds)
    # A value with a double (a fine-grained lineage's confidenceScore), on a dataset of its own.
    lineage, upstream = (make_dataset_urn("hive", f"events_{n}_{unique}") for n in ("lineage", "up"))
    graph.emit(MetadataChangeProposalWrapper(entityUrn=lineage, aspect=m.UpstreamLineageClass(
        upstreams=[m.UpstreamClass(dataset=upstream, type=m.DatasetLineageTypeClass.TRANSFORMED)],
        fineGrainedLineages=[m.FineGrainedLineageClass(
            upstreamType=m.FineGrainedLineageUpstreamTypeClass.FIELD_SET,
            upstreams=[make_schema_field_urn(upstream, "id")],
            downstreamType=m.FineGrainedLineageDownstreamTypeClass.FIELD,
            downstreams=[make_schema_field_urn(lineage, "id")], confidenceScore=1.0)])))
    second = run("second")

    graph.emit(MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.StatusClass(removed=False)))
    assert graph.execute_graphql(REMOVE_TAG, {"input": {"tagUrn": tag, "resourceUrn": ds}})["removeTag"]
    third = run("third")
    return {"ds": ds, "sentinel": sentinel, "tag": tag, "owner": owner, "names": names, "lineage": lineage,
            "first": first, "second": second, "third": third}


def test_platform_events_of_a_dataset(runs):
    """The second run receives the entity change events of each change, in order, as DataHub makes them."""
    ds, tag, owner = runs["ds"], runs["tag"], runs["owner"]
    assert not change_events(runs["first"][PLATFORM], ds)
    events = change_events(runs["second"][PLATFORM], ds)
    field_id, field_name = make_schema_field_urn(ds, "id"), make_schema_field_urn(ds, "name")
    assert [brief(e) for e in events] == [
        ("TAG", "ADD", tag),
        ("OWNER", "ADD", owner),
        ("TECHNICAL_SCHEMA", "ADD", field_id),
        ("TECHNICAL_SCHEMA", "ADD", field_name),
        ("LIFECYCLE", "SOFT_DELETE", None),
    ], events
    tagged, owned, id_added, name_added, deleted = events
    assert tagged["parameters"] == {"tagUrn": tag}
    assert owned["parameters"]["ownerUrn"] == owner and owned["parameters"]["ownerType"] == "TECHNICAL_OWNER"
    assert id_added["parameters"]["fieldPath"] == "id" and id_added["parameters"]["fieldUrn"] == field_id
    assert name_added["parameters"]["fieldPath"] == "name" and name_added["parameters"]["nullable"] is True
    assert not deleted.get("parameters")
    for e in events:
        assert e["entityType"] == "dataset" and e["version"] == 0
        assert e["auditStamp"]["time"] > 0 and e["auditStamp"]["actor"].startswith("urn:li:corpuser:")


def test_restart_resumes_from_the_stored_offset(graph, runs):
    """Each stop stores the pipeline's offset, and the next run starts there: the third run gets the
    changes made since the second, and nothing the second had."""
    ds, sentinel, tag = runs["ds"], runs["sentinel"], runs["tag"]
    platform_consumer = f"urn:li:dataHubAction:{runs['names'][PLATFORM]}"
    log_consumer = f"urn:li:dataHubAction:{runs['names'][VERSIONED]}-{VERSIONED}"
    for consumer in (platform_consumer, log_consumer):
        assert DataHubEventsConsumerPlatformResourceOffsetsStore(graph, consumer).load_offset_id(), consumer

    assert [brief(e) for e in change_events(runs["third"][PLATFORM], ds)] == [
        ("LIFECYCLE", "REINSTATE", None),
        ("TAG", "REMOVE", tag),
    ]
    for topic in (PLATFORM, VERSIONED):
        def seen(run):
            return {json.dumps(e["event"], sort_keys=True) for e in runs[run][topic]
                    if e["event"]["entityUrn"] in (ds, sentinel)}
        assert not seen("first") & seen("second"), topic
        assert not seen("second") & seen("third"), topic


def test_change_log_pipeline(runs):
    """The change-log pipeline gets each new version of our aspects with its system metadata, and the
    version it replaced."""
    ds, tag = runs["ds"], runs["tag"]
    second = change_logs(runs["second"][VERSIONED], ds)
    assert [r["aspectName"] for r in second] == ["globalTags", "ownership", "schemaMetadata", "status"]
    for r in second:
        assert r["entityType"] == "dataset" and r["changeType"] == "UPSERT"
        assert r["systemMetadata"]["lastObserved"] > 0 and r["systemMetadata"]["runId"]
    tags, ownership, schema, status = second
    assert value(tags["aspect"]) == {"tags": [{"tag": tag}]} and "previousAspectValue" not in tags
    assert [o["owner"] for o in value(ownership["aspect"])["owners"]] == [runs["owner"]]
    assert [f["fieldPath"] for f in value(schema["aspect"])["fields"]] == ["id", "name"]
    assert value(status["aspect"]) == {"removed": True}
    assert value(status["previousAspectValue"]) == {"removed": False}

    # A double arrives as DataHub writes it (`1.0`): a float to Python, as the SDK sent it.
    lineage = [r for r in change_logs(runs["second"][VERSIONED], runs["lineage"])
               if r["aspectName"] == "upstreamLineage"]
    scores = [f["confidenceScore"] for r in lineage for f in value(r["aspect"])["fineGrainedLineages"]]
    assert scores == [1.0] and isinstance(scores[0], float), lineage

    third = change_logs(runs["third"][VERSIONED], ds)
    assert [r["aspectName"] for r in third] == ["status", "globalTags"]
    reinstated, untagged = third
    assert value(reinstated["aspect"]) == {"removed": False}
    assert value(untagged["aspect"])["tags"] == []
    assert value(untagged["previousAspectValue"]) == {"tags": [{"tag": tag}]}
    assert untagged["previousSystemMetadata"]["lastObserved"] > 0


def poll_changes(server, token, offset, want, timeout=20):
    """Polls the platform events after `offset` until `want` (entity URN → category) each has one."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    found = {}
    deadline = time.monotonic() + timeout
    while len(found) < len(want) and time.monotonic() < deadline:
        res = requests.get(f"{server}/openapi/v1/events/poll", headers=headers, timeout=30,
                           params={"topic": PLATFORM, "offsetId": offset, "pollTimeoutSeconds": 2})
        res.raise_for_status()
        page = res.json()
        offset = page["offsetId"]
        for event in page["events"]:
            ece = json.loads(json.loads(event["value"])["payload"]["value"])
            if want.get(ece["entityUrn"]) == ece["category"]:
                found[ece["entityUrn"]] = ece
    return found


def test_cli_put_makes_the_same_change_event_as_graphql(server, token, graph, unique, tmp_path):
    tag = f"urn:li:tag:cli{unique}"
    by_graphql = make_dataset_urn("hive", f"graphql_tagged_{unique}")
    by_cli = make_dataset_urn("hive", f"cli_tagged_{unique}")
    graph.emit(MetadataChangeProposalWrapper(entityUrn=tag, aspect=m.TagPropertiesClass(name=f"cli{unique}")))
    graph.emit(MetadataChangeProposalWrapper(entityUrn=by_graphql, aspect=m.StatusClass(removed=False)))
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    head = requests.get(f"{server}/openapi/v1/events/poll", headers=headers, timeout=30,
                        params={"topic": PLATFORM, "pollTimeoutSeconds": 1})
    head.raise_for_status()

    assert graph.execute_graphql(ADD_TAG, {"input": {"tagUrn": tag, "resourceUrn": by_graphql}})["addTag"]
    data = tmp_path / "tags.json"
    data.write_text(json.dumps({"tags": [{"tag": tag}]}))
    put = run_cli(cli_env(server, token), "put", "aspect", "--urn", by_cli, "-a", "globalTags", "-d", str(data))
    assert put.returncode == 0, tail(put)

    found = poll_changes(server, token, head.json()["offsetId"], {by_graphql: "TAG", by_cli: "TAG"})
    assert set(found) == {by_graphql, by_cli}, found

    def gist(ece):
        return {k: ece.get(k) for k in ("category", "operation", "modifier", "parameters")}
    assert gist(found[by_cli]) == gist(found[by_graphql]) == {
        "category": "TAG", "operation": "ADD", "modifier": tag, "parameters": {"tagUrn": tag}}
