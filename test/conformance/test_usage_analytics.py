"""Usage and analytics as DataHub's clients read them: usage written by the ingestion framework's usage
helper (SDK) and by the emitter's deprecated `emit_usage` (Rest.li `usageStats` batchIngest), read back
through `usageStats` queryRange and `analytics` getTimeseriesStats, and `searchAcrossEntities`."""
import time
from datetime import datetime, timedelta, timezone

from datahub.configuration.time_window_config import BucketDuration
from datahub.emitter.mce_builder import make_dataset_urn, make_user_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.ingestion.source.usage.usage_common import make_usage_workunit
from datahub.metadata import schema_classes as m

DAY = 86_400_000


def _today() -> datetime:
    now = datetime.now(tz=timezone.utc)
    return datetime(now.year, now.month, now.day, tzinfo=timezone.utc)


def _ms(d: datetime) -> int:
    return int(d.timestamp() * 1000)


def test_usage_written_by_the_sdk_and_emit_usage_reads_back_through_query_range(emitter, restli_emitter, graph, unique):
    urn = make_dataset_urn("snowflake", f"db.sales.orders_{unique}")
    alice, bob = f"alice_{unique}@corp.io", f"bob_{unique}@corp.io"
    start = _today() - timedelta(days=3)
    # Two days of usage as DataHub's usage sources make it (ingestion framework, SDK mode: OpenAPI).
    for day, (users, queries) in enumerate([([(alice, 3), (bob, 1)], 4), ([(alice, 2)], 2)]):
        wu = make_usage_workunit(
            bucket_start_time=start + timedelta(days=day),
            resource=urn,
            query_count=queries,
            query_freq=[(f"select * from orders -- {day}", queries)],
            user_freq=users,
            column_freq=[("amount", queries), ("id", 1)],
            bucket_duration=BucketDuration.DAY,
            resource_urn_builder=lambda r: r,
            top_n_queries=10,
            format_sql_queries=False,
            queries_character_limit=24000,
        )
        emitter.emit(wu.metadata)
    # A third day through the emitter's deprecated UsageAggregation (Rest.li usageStats batchIngest).
    carol = make_user_urn(f"carol_{unique}")
    restli_emitter.emit(m.UsageAggregationClass(
        bucket=_ms(start + timedelta(days=2)),
        duration=m.WindowDurationClass.DAY,
        resource=urn,
        metrics=m.UsageAggregationMetricsClass(
            uniqueUserCount=1, totalSqlQueries=5, topSqlQueries=["select 1"],
            users=[m.UserUsageCountsClass(user=carol, count=5)],
            fields=[m.FieldUsageCountsClass(fieldName="amount", count=5)],
        ),
    ))

    result = graph._post_generic(f"{graph._gms_server}/usageStats?action=queryRange", {
        "resource": urn, "duration": "DAY", "rangeFromEnd": "MONTH",
    })["value"]
    buckets = [m.UsageAggregationClass.from_obj(b) for b in result["buckets"]]
    assert all(b.validate() for b in buckets)
    assert [b.bucket for b in buckets] == [_ms(start + timedelta(days=d)) for d in range(3)]
    assert [b.metrics.totalSqlQueries for b in buckets] == [4, 2, 5]
    assert [b.metrics.uniqueUserCount for b in buckets] == [2, 1, 1]
    assert buckets[0].metrics.topSqlQueries == ["select * from orders -- 0"]
    assert all(b.duration == m.WindowDurationClass.DAY and b.resource == urn for b in buckets)

    agg = result["aggregations"]
    users = [m.UserUsageCountsClass.from_obj(u) for u in agg["users"]]
    assert {u.user: u.count for u in users} == {
        make_user_urn(alice.split("@")[0]): 5, make_user_urn(bob.split("@")[0]): 1, carol: 5,
    }
    # The latest email of each user, as the usage helper recorded it (none through emit_usage).
    assert {u.user: u.userEmail for u in users} == {
        make_user_urn(alice.split("@")[0]): alice, make_user_urn(bob.split("@")[0]): bob, carol: None,
    }
    assert agg["uniqueUserCount"] == 3
    assert {f["fieldName"]: f["count"] for f in agg["fields"]} == {"amount": 11, "id": 2}
    assert agg["totalSqlQueries"] == 11

    # In weeks (Monday first): the three days fall in one week or two; each week's latest query count.
    weeks = graph._post_generic(f"{graph._gms_server}/usageStats?action=queryRange", {
        "resource": urn, "duration": "WEEK", "rangeFromEnd": "MONTH",
    })["value"]
    mondays = sorted({_ms(d - timedelta(days=d.weekday())) for d in (start + timedelta(days=i) for i in range(3))})
    assert [b["bucket"] for b in weeks["buckets"]] == mondays
    assert weeks["buckets"][-1]["metrics"]["totalSqlQueries"] == 5


def test_timeseries_stats_as_the_analytics_resource_answers(emitter, graph, unique):
    urn = make_dataset_urn("hive", f"stats_{unique}")
    t0 = 1_704_067_200_000  # 2024-01-01T00:00:00Z
    for d, count in enumerate([3, 4]):
        emitter.emit(make_usage_workunit(
            bucket_start_time=datetime.fromtimestamp((t0 + d * DAY) / 1000, tz=timezone.utc),
            resource=urn, query_count=count, query_freq=None, user_freq=[(f"dan_{unique}", count)],
            column_freq=[], bucket_duration=BucketDuration.DAY, resource_urn_builder=lambda r: r,
            top_n_queries=10, format_sql_queries=False, queries_character_limit=24000,
        ).metadata)
    body = {
        "entityName": "dataset",
        "aspectName": "datasetUsageStatistics",
        "filter": {"or": [{"and": [{"field": "urn", "condition": "EQUAL", "values": [urn]}]}]},
        "metrics": [
            {"fieldPath": "totalSqlQueries", "aggregationType": "SUM"},
            {"fieldPath": "userCounts.count", "aggregationType": "SUM"},
        ],
        "buckets": [{"type": "DATE_GROUPING_BUCKET", "key": "timestampMillis",
                     "timeWindowSize": {"unit": "MONTH", "multiple": 1}}],
    }
    value = graph._post_generic(f"{graph._gms_server}/analytics?action=getTimeseriesStats", body)["value"]
    assert value["table"]["columnNames"] == ["timestampMillis", "sum_totalSqlQueries", "sum_userCounts.count"]
    assert value["table"]["columnTypes"] == ["long", "double", "double"]
    assert value["table"]["rows"] == [[str(t0), "7", "7"]]


def test_search_across_entities_over_restli(emitter, graph, unique):
    word = f"numbat{unique}"
    ds = make_dataset_urn("hive", f"{word}_table")
    tag = f"urn:li:tag:{word}"
    emitter.emit(MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.DatasetPropertiesClass(name=f"{word} table")))
    emitter.emit(MetadataChangeProposalWrapper(entityUrn=tag, aspect=m.TagPropertiesClass(name=word)))
    body = {"input": word, "entities": [], "start": 0, "count": 10}
    deadline = time.time() + 15
    while True:
        result = graph._post_generic(f"{graph._gms_server}/entities?action=searchAcrossEntities", body)["value"]
        if result["numEntities"] == 2 or time.time() > deadline:
            break
        time.sleep(0.2)
    assert sorted(e["entity"] for e in result["entities"]) == sorted([ds, tag])
    only = graph._post_generic(f"{graph._gms_server}/entities?action=searchAcrossEntities",
                               {**body, "entities": ["tag"], "searchFlags": {"skipAggregates": True}})["value"]
    assert [e["entity"] for e in only["entities"]] == [tag]
    assert only["metadata"]["aggregations"] == []

