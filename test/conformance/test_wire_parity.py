"""Wire parity: values come back to DataHub's clients with DataHub's JSON types."""
import json

from datahub.emitter.mce_builder import make_dataset_urn, make_schema_field_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.metadata import schema_classes as m

DAY = 86_400_000


def test_doubles_read_back_as_floats(emitter, graph, unique):
    """A `double`/`float` of the model that holds a whole number is a float to Python, as from DataHub."""
    ds = make_dataset_urn("hive", f"wire_dbl_{unique}")
    up = make_dataset_urn("hive", f"wire_dbl_up_{unique}")
    emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.UpstreamLineageClass(
        upstreams=[m.UpstreamClass(dataset=up, type="TRANSFORMED")],
        fineGrainedLineages=[m.FineGrainedLineageClass(
            upstreamType="FIELD_SET", upstreams=[make_schema_field_urn(up, "a")],
            downstreamType="FIELD", downstreams=[make_schema_field_urn(ds, "a")], confidenceScore=1.0)])))
    emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.DatasetProfileClass(
        timestampMillis=DAY, rowCount=30,
        fieldProfiles=[m.DatasetFieldProfileClass(fieldPath="a", nullProportion=0.0, uniqueProportion=1.0)])))

    raw = graph.get_entity_raw(ds, ["upstreamLineage"])
    score = raw["aspects"]["upstreamLineage"]["value"]["fineGrainedLineages"][0]["confidenceScore"]
    assert isinstance(score, float) and score == 1.0
    assert isinstance(graph.get_aspect(ds, m.UpstreamLineageClass).fineGrainedLineages[0].confidenceScore, float)

    profile = graph.get_latest_timeseries_value(ds, m.DatasetProfileClass, filter_criteria_map={})
    assert profile.rowCount == 30 and isinstance(profile.rowCount, int)
    assert isinstance(profile.fieldProfiles[0].nullProportion, float)

    data = graph.execute_graphql(
        "query($urn: String!) { dataset(urn: $urn) { datasetProfiles(limit: 1) { rowCount fieldProfiles { nullProportion uniqueProportion } } } }",
        variables={"urn": ds})
    got = data["dataset"]["datasetProfiles"][0]
    assert isinstance(got["rowCount"], int)
    assert got["fieldProfiles"][0] == {"nullProportion": 0.0, "uniqueProportion": 1.0}
    assert all(isinstance(v, float) for v in got["fieldProfiles"][0].values())


def test_values_come_back_as_sent_without_filled_defaults(emitter, graph, unique):
    """DataHub stores a value as its client sent it: what the SDK sent (its defaults included) comes back
    as sent, and a field another client left out comes back absent, while the SDK's classes still read
    its default."""
    ds = make_dataset_urn("hive", f"wire_dflt_{unique}")
    sdk_write = MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.DatasetPropertiesClass(description="x"))
    emitter.emit_mcp(sdk_write)
    sent = json.loads(sdk_write.make_mcp().aspect.value)
    assert graph.get_entity_raw(ds, ["datasetProperties"])["aspects"]["datasetProperties"]["value"] == sent

    # A time-series value written over OpenAPI without its partitionSpec (DataHub's default).
    op = {"timestampMillis": DAY, "operationType": "INSERT", "lastUpdatedTimestamp": DAY}
    graph._post_generic(f"{graph._gms_server}/openapi/v3/entity/dataset?async=false", [{"urn": ds, "operation": {"value": op}}])
    raw = graph._post_generic(f"{graph._gms_server}/aspects?action=getTimeseriesAspectValues",
                              {"urn": ds, "entity": "dataset", "aspect": "operation"})
    assert json.loads(raw["value"]["values"][0]["aspect"]["value"]) == op
    typed = graph.get_latest_timeseries_value(ds, m.OperationClass, filter_criteria_map={})
    assert typed.operationType == "INSERT" and typed.partitionSpec.type == "FULL_TABLE"
