"""Write tracing as DataHub's SDK uses it: ASYNC_WAIT over OpenAPI polls the trace API until primary
storage and search both have each write; the written system metadata names the trace, the interface
and who modified the aspect; a caller's `traceparent` is honoured and answered."""
import uuid
from datetime import timedelta
from urllib.parse import quote

import datahub.metadata.schema_classes as m
import pytest
from datahub.emitter.mce_builder import make_dataset_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.emitter.response_helper import TraceData
from datahub.emitter.rest_emitter import DatahubRestEmitter, EmitMode

WAIT = timedelta(seconds=120)


def props(description):
    return m.DatasetPropertiesClass(description=description)


@pytest.fixture(scope="module")
def writer(server, graph, token):
    """An Editor of its own (the root token writes as the system, which DataHub leaves out of
    `aspectModified`): its actor and a client in OpenAPI mode with its token."""
    actor = f"urn:li:corpuser:tracer_{uuid.uuid4().hex[:10]}"
    graph.execute_graphql(
        "mutation($a: [String!]!) { batchAssignRole(input: {roleUrn: \"urn:li:dataHubRole:Editor\", actors: $a}) }",
        {"a": [actor]},
    )
    made = graph.execute_graphql(
        "mutation($a: String!) { createAccessToken(input: {type: PERSONAL, actorUrn: $a, duration: ONE_HOUR, name: \"tracing\"}) { accessToken } }",
        {"a": actor},
    )
    user_token = made["createAccessToken"]["accessToken"]
    emitter = DatahubRestEmitter(gms_server=server, token=user_token, openapi_ingestion=True)
    emitter.test_connection()
    return actor, emitter, user_token


def read_with_system_metadata(graph, server, urn, aspect):
    res = graph._session.get(f"{server}/openapi/v3/entity/dataset/{quote(urn, safe='')}/{aspect}?systemMetadata=true")
    assert res.status_code == 200, res.text
    return res.json()


def test_async_wait_polls_the_trace_api_until_search_has_every_write(writer, graph, server, unique):
    actor, emitter, _ = writer
    urns = [make_dataset_urn("hive", f"trace_{i}_{unique}") for i in range(3)]
    traces = emitter.emit_mcps(
        [MetadataChangeProposalWrapper(entityUrn=u, aspect=props(f"traced {u}")) for u in urns]
        + [MetadataChangeProposalWrapper(entityUrn=urns[0], aspect=m.StatusClass(removed=False))],
        emit_mode=EmitMode.ASYNC_WAIT,
        wait_timeout=WAIT,
    )
    assert len(traces) == 1 and len(traces[0].trace_id) == 32
    trace = traces[0]
    # What the SDK waited for: now neither storage is pending for any of them.
    status = emitter.get_trace_status(TraceData(trace_id=trace.trace_id, data={u: ["datasetProperties"] for u in urns}))
    for u in urns:
        st = status[u]["datasetProperties"]
        assert st["success"] is True
        assert st["primaryStorage"]["writeStatus"] == "ACTIVE_STATE"
        assert st["searchStorage"]["writeStatus"] == "ACTIVE_STATE"
    # Their system metadata names the trace, the interface and the writer, as DataHub records them.
    got = read_with_system_metadata(graph, server, urns[0], "datasetProperties")
    sm = got["systemMetadata"]
    assert sm["properties"]["telemetryTraceId"] == trace.trace_id
    assert sm["properties"]["eventSource"] == "OPENAPI"
    assert sm["aspectModified"]["actor"] == actor
    assert sm["aspectCreated"] == sm["aspectModified"]
    # The SDK reads the same system metadata back (the fields its model knows).
    aspect, system_metadata = graph.get_entities("dataset", [urns[0]], ["datasetProperties"], with_system_metadata=True)[
        urns[0]
    ]["datasetProperties"]
    assert aspect.description == f"traced {urns[0]}"
    assert system_metadata.properties["telemetryTraceId"] == trace.trace_id


def test_a_later_write_moves_aspect_modified_and_makes_the_first_trace_historic(writer, graph, server, unique):
    actor, emitter, _ = writer
    urn = make_dataset_urn("hive", f"trace_again_{unique}")
    first = emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=urn, aspect=props("one")), emit_mode=EmitMode.ASYNC_WAIT, wait_timeout=WAIT)
    created = read_with_system_metadata(graph, server, urn, "datasetProperties")["systemMetadata"]
    second = emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=urn, aspect=props("two")), emit_mode=EmitMode.ASYNC_WAIT, wait_timeout=WAIT)
    assert second.trace_id != first.trace_id
    now = read_with_system_metadata(graph, server, urn, "datasetProperties")["systemMetadata"]
    assert now["aspectCreated"] == created["aspectCreated"]
    assert now["aspectModified"]["actor"] == actor
    assert now["aspectModified"]["time"] >= created["aspectModified"]["time"]
    assert now["properties"]["telemetryTraceId"] == second.trace_id
    old = emitter.get_trace_status(TraceData(trace_id=first.trace_id, data={urn: ["datasetProperties"]}))
    assert old[urn]["datasetProperties"]["primaryStorage"]["writeStatus"] == "HISTORIC_STATE"
    # A trace that never wrote this aspect wrote nothing to it.
    other = "0" * 15 + "1" + uuid.uuid4().hex[:16]
    none = emitter.get_trace_status(TraceData(trace_id=other, data={urn: ["datasetProperties"]}))
    assert none[urn]["datasetProperties"]["primaryStorage"]["writeStatus"] == "NO_OP"


def test_a_callers_traceparent_is_kept_with_the_write_and_answered(writer, graph, server, unique):
    _, emitter, user_token = writer
    urn = make_dataset_urn("hive", f"trace_parent_{unique}")
    trace_id = uuid.uuid4().hex
    parent = f"00-{trace_id}-{uuid.uuid4().hex[:16]}-01"
    res = emitter._session.post(
        f"{server}/openapi/v3/entity/dataset?async=true&systemMetadata=true",
        json=[{"urn": urn, "datasetProperties": {"value": {"description": "with a parent"}}}],
        headers={"traceparent": parent, "Authorization": f"Bearer {user_token}"},
    )
    assert res.status_code == 202, res.text
    answered = res.headers["traceparent"]
    assert answered.split("-")[1] == trace_id and answered != parent
    assert res.json()[0]["datasetProperties"]["systemMetadata"]["properties"]["telemetryTraceId"] == trace_id
    # The SDK's own wait, on the caller's trace.
    emitter._await_status([TraceData(trace_id=answered, data={urn: ["datasetProperties"]})], WAIT)
    sm = read_with_system_metadata(graph, server, urn, "datasetProperties")["systemMetadata"]
    assert sm["properties"]["telemetryTraceId"] == trace_id


def test_restli_writes_record_their_interface(restli_emitter, graph, unique):
    urn = make_dataset_urn("hive", f"trace_restli_{unique}")
    restli_emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=urn, aspect=props("over Rest.li")))
    _, system_metadata = graph.get_entities("dataset", [urn], ["datasetProperties"], with_system_metadata=True)[urn][
        "datasetProperties"
    ]
    assert system_metadata.properties["eventSource"] == "RESTLI"
    assert len(system_metadata.properties["telemetryTraceId"]) == 32
