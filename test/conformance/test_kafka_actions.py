"""DataHub Actions' `kafka` source against neohub's change-log publisher (issue 42, item 3), unchanged: a
`datahub-actions` pipeline reading `MetadataChangeLog_Versioned_v1`, `MetadataChangeLog_Timeseries_v1` and
`PlatformEvent_v1` from a real Apache Kafka broker, decoding each record with the writer schema it finds in
neohub's schema registry, receives the TAG ADD entity change event and the change-log record of a tag added
through GraphQL; stopped and started again on its consumer group, it receives what was written meanwhile and
nothing it had already.

Runs in the test command's Kafka step, against a neohub started with KAFKA_BOOTSTRAP_SERVER
(NEOHUB_TEST_KAFKA_BOOTSTRAP names the broker); skipped without it.
"""
import json
import os
import uuid

import pytest

import datahub.metadata.schema_classes as m
from datahub.emitter.mce_builder import make_dataset_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper

from actions_support import ActionsRun, events_in, tag_markers

BOOTSTRAP = os.environ.get("NEOHUB_TEST_KAFKA_BOOTSTRAP")
pytestmark = pytest.mark.skipif(not BOOTSTRAP, reason="needs the Kafka step of the test command")

ADD_TAG = "mutation ($input: TagAssociationInput!) { addTag(input: $input) }"
REMOVE_TAG = "mutation ($input: TagAssociationInput!) { removeTag(input: $input) }"


def kafka_pipeline(name, out, server):
    """A pipeline of Actions' Kafka source (DataHub's topic names, neohub's registry) into a FileAction.
    Its consumer group is the pipeline's name; a group without offsets starts at the topics' beginning."""
    return {
        "name": name,
        "source": {"type": "kafka", "config": {
            "connection": {"bootstrap": BOOTSTRAP, "schema_registry_url": f"{server}/schema-registry/api/",
                           "consumer_config": {"auto.offset.reset": "earliest"}},
            "async_commit_interval": 1000}},
        "action": {"type": "actions_support:FileAction", "config": {"path": str(out)}},
    }


def of_type(envelopes, event_type, urn):
    return [e["event"] for e in envelopes if e["event_type"] == event_type and e["event"]["entityUrn"] == urn]


def brief(ece):
    return ece["category"], ece["operation"], ece.get("modifier")


def test_actions_kafka_source_receives_the_tag_and_resumes(server, graph, tmp_path):
    unique = uuid.uuid4().hex[:10]
    ds = make_dataset_urn("hive", f"kafka_actions_{unique}")
    sentinel = make_dataset_urn("hive", f"kafka_actions_marks_{unique}")
    tag = f"urn:li:tag:kafkaactions{unique}"
    # GraphQL only labels entities that exist, with labels that exist.
    for urn, aspect in ((ds, m.StatusClass(removed=False)), (tag, m.TagPropertiesClass(name=f"ka{unique}"))):
        graph.emit(MetadataChangeProposalWrapper(entityUrn=urn, aspect=aspect))
    marker = tag_markers(graph, sentinel, f"kafkamark{unique}")

    def run(label, between=None):
        out = tmp_path / f"{label}.jsonl"
        actions = ActionsRun([kafka_pipeline(f"kafka_actions_{unique}", out, server)], tmp_path, label)
        try:
            actions.wait_for_marker(marker, timeout=120)
            if between:
                between()
                actions.wait_for_marker(marker, timeout=60)
            actions.stop()
        finally:
            actions.kill()
        return events_in(out)

    first = run("first", lambda: graph.execute_graphql(ADD_TAG, {"input": {"tagUrn": tag, "resourceUrn": ds}}))
    assert ("TAG", "ADD", tag) in [brief(e) for e in of_type(first, "EntityChangeEvent_v1", ds)], first[-5:]
    added = [e for e in of_type(first, "EntityChangeEvent_v1", ds) if brief(e) == ("TAG", "ADD", tag)][0]
    assert added["parameters"] == {"tagUrn": tag} and added["entityType"] == "dataset"
    logs = [e for e in of_type(first, "MetadataChangeLogEvent_v1", ds) if e["aspectName"] == "globalTags"]
    assert logs, first[-5:]
    assert logs[-1]["changeType"] == "UPSERT" and logs[-1]["entityType"] == "dataset"
    assert [t["tag"] for t in json.loads(logs[-1]["aspect"]["value"])["tags"]] == [tag]

    # Written while no pipeline runs: the next run of the same consumer group gets it, and not the ADD again.
    assert graph.execute_graphql(REMOVE_TAG, {"input": {"tagUrn": tag, "resourceUrn": ds}})["removeTag"]
    second = run("second")
    assert [brief(e) for e in of_type(second, "EntityChangeEvent_v1", ds)] == [("TAG", "REMOVE", tag)], second[-5:]
    logs = [e for e in of_type(second, "MetadataChangeLogEvent_v1", ds) if e["aspectName"] == "globalTags"]
    assert len(logs) == 1 and json.loads(logs[0]["aspect"]["value"])["tags"] == []
