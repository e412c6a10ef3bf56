"""Wire parity: values come back to DataHub's clients with DataHub's JSON types."""
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
