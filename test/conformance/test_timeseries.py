"""Time-series aspects: several timestamps, ranges, latest value, and replacement by timestamp."""
import json

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


def test_real_epoch_millis_and_time_windows(emitter, graph, unique):
    """What DataHub's usage and profile charts ask: values in a window of real epoch milliseconds."""
    ds = make_dataset_urn("hive", f"ts_epoch_{unique}")
    t0 = 1_704_110_400_000  # 2024-01-01T12:00:00Z
    for d in range(4):
        emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.DatasetProfileClass(
            timestampMillis=t0 + d * DAY, rowCount=100 + d, columnCount=1)))
    values = graph.get_timeseries_values(ds, m.DatasetProfileClass, filter={}, limit=10)
    assert [v.timestampMillis for v in values] == [t0 + 3 * DAY, t0 + 2 * DAY, t0 + DAY, t0]
    window = graph._post_generic(f"{graph._gms_server}/aspects?action=getTimeseriesAspectValues", {
        "urn": ds, "entity": "dataset", "aspect": "datasetProfile",
        "startTimeMillis": t0 + DAY, "endTimeMillis": t0 + 2 * DAY,
    })
    assert [json.loads(v["aspect"]["value"])["rowCount"] for v in window["value"]["values"]] == [102, 101]
    ranged = graph.get_timeseries_values(ds, m.DatasetProfileClass, filter={"or": [{"and": [
        {"field": "timestampMillis", "condition": "GREATER_THAN_OR_EQUAL_TO", "value": str(t0 + 2 * DAY)}]}]}, limit=10)
    assert [v.rowCount for v in ranged] == [103, 102]
