"""Time-series aspects: several timestamps, ranges, latest value, and replacement by timestamp."""
from datahub.emitter.mce_builder import make_dataset_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.metadata import schema_classes as m

DAY = 86_400_000


def test_profiles_and_usage(emitter, graph, unique):
    ds = make_dataset_urn("hive", f"ts_{unique}")
    for d in (1, 2, 3):
        emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.DatasetProfileClass(
            timestampMillis=d * DAY, rowCount=d * 100, columnCount=3,
            partitionSpec=m.PartitionSpecClass(partition="odd" if d % 2 else "even"),
            fieldProfiles=[m.DatasetFieldProfileClass(fieldPath="a", uniqueCount=d, uniqueProportion=0.5, nullCount=0, nullProportion=0.0,
                                                      min="1", max="9", mean="5", median="5", sampleValues=["1", "2"])])))
        emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.DatasetUsageStatisticsClass(
            timestampMillis=d * DAY, uniqueUserCount=d, totalSqlQueries=d * 10,
            fieldCounts=[m.DatasetFieldUsageCountsClass(fieldPath="a", count=d)])))
    values = graph.get_timeseries_values(ds, m.DatasetProfileClass, filter={}, limit=10)
    assert [v.rowCount for v in values] == [300, 200, 100]
    latest = graph.get_latest_timeseries_value(ds, m.DatasetProfileClass, filter_criteria_map={})
    assert latest.rowCount == 300
    filtered = graph.get_latest_timeseries_value(ds, m.DatasetProfileClass, filter_criteria_map={"partitionSpec.partition": "odd"})
    assert filtered.rowCount == 300
    even = graph.get_latest_timeseries_value(ds, m.DatasetProfileClass, filter_criteria_map={"partitionSpec.partition": "even"})
    assert even.rowCount == 200
    usage = graph.get_timeseries_values(ds, m.DatasetUsageStatisticsClass, filter={}, limit=2)
    assert [u.totalSqlQueries for u in usage] == [30, 20]

    emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.DatasetProfileClass(timestampMillis=3 * DAY, rowCount=333, columnCount=3)))
    values = graph.get_timeseries_values(ds, m.DatasetProfileClass, filter={}, limit=10)
    assert [v.rowCount for v in values] == [333, 200, 100]
