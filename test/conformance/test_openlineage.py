"""OpenLineage's Python client (`openlineage-python` from PyPI, unchanged) against DataHub's OpenLineage
endpoint (`/openapi/openlineage/api/v1/lineage`; issue 42, item 5; docs/decisions/0065): a job's START and
COMPLETE with inputs, outputs, a schema facet and a column-lineage facet, sent through its HTTP transport
with the token as its API key, read back as DataHub's mapping writes them: through GraphQL's
searchAcrossLineage (table level, through the job) and DataHub's SDK (the flow, the job with its edges and
column-level lineage, the run and its run events, the datasets' schemas)."""
import datetime
import uuid

import pytest
import requests

import datahub.metadata.schema_classes as m
from ingest_support import poll
from openlineage.client import OpenLineageClient
from openlineage.client.event_v2 import InputDataset, Job, OutputDataset, Run, RunEvent, RunState
from openlineage.client.facet_v2 import column_lineage_dataset, documentation_job, schema_dataset
from openlineage.client.transport.http import (
    ApiKeyTokenProvider,
    HttpCompression,
    HttpConfig,
    HttpTransport,
    TokenProvider,
)

ENDPOINT = "openapi/openlineage/api/v1/lineage"
PG = "postgres://db.example.com:5432"


def _client(server, token, compression=None) -> OpenLineageClient:
    auth = ApiKeyTokenProvider({"apiKey": token}) if token else TokenProvider({})
    config = HttpConfig(url=server, endpoint=ENDPOINT, auth=auth, compression=compression)
    return OpenLineageClient(transport=HttpTransport(config))


def _ds(name: str) -> str:
    return f"urn:li:dataset:(urn:li:dataPlatform:postgres,{name},PROD)"


def _field(dataset: str, column: str) -> str:
    return f"urn:li:schemaField:({dataset},{column})"


def test_a_job_run_from_the_openlineage_client(server, token, graph, unique):
    client = _client(server, token)
    run_id = str(uuid.uuid4())
    src, dst = f"shop.public.raw_{unique}", f"shop.public.orders_{unique}"
    namespace, job_name = f"etl_{unique}", f"nightly_{unique}.load_orders"
    schema = lambda *cols: schema_dataset.SchemaDatasetFacet(  # noqa: E731
        fields=[schema_dataset.SchemaDatasetFacetFields(name=c, type=t) for c, t in cols]
    )
    inputs = [InputDataset(namespace=PG, name=src, facets={"schema": schema(("id", "int"), ("amount", "decimal"))})]
    lineage = column_lineage_dataset.ColumnLineageDatasetFacet(
        fields={
            "order_id": column_lineage_dataset.Fields(
                inputFields=[column_lineage_dataset.InputField(namespace=PG, name=src, field="id")]
            ),
            "total": column_lineage_dataset.Fields(
                inputFields=[
                    column_lineage_dataset.InputField(
                        namespace=PG,
                        name=src,
                        field="amount",
                        transformations=[column_lineage_dataset.Transformation(type="DIRECT", subtype="AGGREGATION")],
                    )
                ]
            ),
        }
    )
    outputs = [
        OutputDataset(
            namespace=PG,
            name=dst,
            facets={"schema": schema(("order_id", "long"), ("total", "decimal")), "columnLineage": lineage},
        )
    ]
    job = Job(
        namespace=namespace,
        name=job_name,
        facets={"documentation": documentation_job.DocumentationJobFacet(description="Loads the orders")},
    )
    start = datetime.datetime(2024, 5, 1, 12, 0, tzinfo=datetime.timezone.utc)
    for state, at in ((RunState.START, start), (RunState.COMPLETE, start + datetime.timedelta(minutes=5))):
        client.emit(
            RunEvent(eventType=state, eventTime=at.isoformat(), run=Run(runId=run_id), job=job,
                     inputs=inputs, outputs=outputs)
        )

    # The producer is the client's own (`.../client/python`): the flow's orchestrator is python.
    flow = f"urn:li:dataFlow:(python,nightly_{unique},{namespace})"
    job_urn = f"urn:li:dataJob:({flow},{job_name})"
    run_urn = f"urn:li:dataProcessInstance:{run_id}"

    flow_info = graph.get_aspect(flow, m.DataFlowInfoClass)
    assert flow_info is not None and flow_info.name == f"nightly_{unique}"
    info = graph.get_aspect(job_urn, m.DataJobInfoClass)
    assert info is not None
    assert (info.name, info.flowUrn, info.description) == ("load_orders", flow, "Loads the orders")

    io = graph.get_aspect(job_urn, m.DataJobInputOutputClass)
    assert [e.destinationUrn for e in io.inputDatasetEdges] == [_ds(src)]
    assert [e.destinationUrn for e in io.outputDatasetEdges] == [_ds(dst)]
    column_level = {fg.downstreams[0]: fg.upstreams for fg in io.fineGrainedLineages or []}
    assert column_level == {
        _field(_ds(dst), "order_id"): [_field(_ds(src), "id")],
        _field(_ds(dst), "total"): [_field(_ds(src), "amount")],
    }

    # The same column-level lineage as DataHub's GraphQL shows a job's.
    gq = graph.execute_graphql(
        """query ($urn: String!) { dataJob(urn: $urn) { dataFlow { urn }
             fineGrainedLineages { upstreams { urn path } downstreams { urn path } transformOperation } } }""",
        variables={"urn": job_urn},
    )["dataJob"]
    assert gq["dataFlow"]["urn"] == flow
    assert [
        (fg["upstreams"], fg["downstreams"], fg["transformOperation"]) for fg in gq["fineGrainedLineages"]
    ] == [
        ([{"urn": _ds(src), "path": "id"}], [{"urn": _ds(dst), "path": "order_id"}], ""),
        ([{"urn": _ds(src), "path": "amount"}], [{"urn": _ds(dst), "path": "total"}], "DIRECT:AGGREGATION"),
    ]

    props = graph.get_aspect(run_urn, m.DataProcessInstancePropertiesClass)
    assert props is not None and props.name == run_id
    assert graph.get_aspect(run_urn, m.DataProcessInstanceRelationshipsClass).parentTemplate == job_urn
    assert graph.get_aspect(run_urn, m.DataProcessInstanceInputClass).inputs == [_ds(src)]
    assert graph.get_aspect(run_urn, m.DataProcessInstanceOutputClass).outputs == [_ds(dst)]
    last = graph.get_latest_timeseries_value(run_urn, m.DataProcessInstanceRunEventClass, {})
    assert last is not None
    assert (last.status, last.result.type, last.result.nativeResultType) == ("COMPLETE", "SUCCESS", "COMPLETE")
    assert last.timestampMillis == int((start + datetime.timedelta(minutes=5)).timestamp() * 1000)

    for name, cols in ((src, ["id", "amount"]), (dst, ["order_id", "total"])):
        got = graph.get_aspect(_ds(name), m.SchemaMetadataClass)
        assert got is not None and [f.fieldPath for f in got.fields] == cols
    # DataHub's mapping keeps lineage on the job, not as an upstreamLineage of the output.
    assert graph.get_aspect(_ds(dst), m.UpstreamLineageClass) is None

    # Table-level lineage from the input: the job, then the output through it (once search has them).
    def reached(urn, direction):
        res = graph.execute_graphql(
            """query ($urn: String!, $d: LineageDirection!) { searchAcrossLineage(input: {urn: $urn,
                 direction: $d, query: "*", count: 20}) { searchResults { degree entity { urn } } } }""",
            variables={"urn": urn, "d": direction},
        )
        return {(r["entity"]["urn"], r["degree"]) for r in res["searchAcrossLineage"]["searchResults"]}

    assert poll(lambda: {(job_urn, 1), (_ds(dst), 2)} <= reached(_ds(src), "DOWNSTREAM"))
    assert poll(lambda: {(job_urn, 1), (_ds(src), 2)} <= reached(_ds(dst), "UPSTREAM"))

def test_a_bad_event_is_a_400_naming_the_field(server, token, unique):
    client = _client(server, token)
    # The client checks times and run ids itself; a producer that names no orchestrator gets through to us.
    event = RunEvent(eventType=RunState.START, eventTime=datetime.datetime.now(datetime.timezone.utc).isoformat(),
                     run=Run(runId=str(uuid.uuid4())), job=Job(namespace=f"etl_{unique}", name="j"),
                     producer="https://example.com/my-scheduler")
    with pytest.raises(requests.HTTPError) as err:
        client.emit(event)
    assert err.value.response.status_code == 400
    assert "producer" in err.value.response.json()["error"]


def test_a_gzip_compressed_run_from_the_openlineage_client(server, token, graph, unique):
    # The transport's `compression: gzip` option, unchanged: it sends each event with Content-Encoding: gzip.
    client = _client(server, token, compression=HttpCompression.GZIP)
    run_id = str(uuid.uuid4())
    src, dst = f"shop.public.gz_raw_{unique}", f"shop.public.gz_orders_{unique}"
    job = Job(namespace=f"etl_gz_{unique}", name=f"gz_{unique}.copy")
    at = datetime.datetime(2024, 5, 1, 12, 0, tzinfo=datetime.timezone.utc)
    for state in (RunState.START, RunState.COMPLETE):
        client.emit(
            RunEvent(eventType=state, eventTime=at.isoformat(), run=Run(runId=run_id), job=job,
                     inputs=[InputDataset(namespace=PG, name=src)], outputs=[OutputDataset(namespace=PG, name=dst)])
        )
    job_urn = f"urn:li:dataJob:(urn:li:dataFlow:(python,gz_{unique},etl_gz_{unique}),gz_{unique}.copy)"
    io = graph.get_aspect(job_urn, m.DataJobInputOutputClass)
    assert io is not None
    assert [e.destinationUrn for e in io.inputDatasetEdges or []] == [_ds(src)]
    assert [e.destinationUrn for e in io.outputDatasetEdges or []] == [_ds(dst)]
    run = graph.get_aspect(f"urn:li:dataProcessInstance:{run_id}", m.DataProcessInstancePropertiesClass)
    assert run is not None and run.name == run_id
