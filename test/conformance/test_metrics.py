"""Operations: the Prometheus scrape at DataHub's `/actuator/prometheus`, read with Prometheus' own parser."""
import requests
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.metadata.schema_classes import StatusClass
from prometheus_client.parser import text_string_to_metric_families


def scrape(server):
    res = requests.get(f"{server}/actuator/prometheus", timeout=30)  # no token, as in DataHub
    assert res.status_code == 200
    assert res.headers["Content-Type"].startswith("text/plain")
    return {f.name: f for f in text_string_to_metric_families(res.text)}


def requests_counted(families, **labels):
    """Requests counted with these labels, the scrapes themselves left out."""
    family = families["http_server_requests_seconds"]
    return sum(
        s.value
        for s in family.samples
        if s.name == "http_server_requests_seconds_count"
        and s.labels.get("uri") != "/actuator/prometheus"
        and all(s.labels.get(k) == v for k, v in labels.items())
    )


def test_the_request_counter_moves_with_the_clients_calls(server, graph, unique):
    urn = f"urn:li:dataset:(urn:li:dataPlatform:hive,metrics_{unique},PROD)"
    before = requests_counted(scrape(server), method="GET")
    for _ in range(3):
        assert graph.get_aspect(urn, StatusClass) is None  # one GET each, answered (a 404 or a 200)
    after = before
    for _ in range(50):  # a request is counted once its answer is sent
        after = requests_counted(scrape(server), method="GET")
        if after >= before + 3:
            break
    assert after >= before + 3


def test_the_scrape_has_neohubs_figures(server):
    families = scrape(server)
    assert families["http_server_requests_seconds"].type == "histogram"
    assert families["neohub_change_log_head"].samples[0].value >= 0
    modes = {s.labels["mode"] for s in families["neohub_neo4j_sessions_open"].samples}
    assert modes == {"read", "write"}
    assert all(s.value >= 0 for s in families["neohub_follower_lag"].samples)
    assert "process_cpu_user_seconds" in families


def counted(families, family, **labels):
    """A counter's samples with these labels, summed (0 before it counted anything)."""
    found = families.get(family)
    if found is None:
        return 0
    return sum(s.value for s in found.samples
               if s.name == f"{family}_total" and all(s.labels.get(k) == v for k, v in labels.items()))


def test_the_write_counters_move_with_a_write(server, graph, unique):
    urn = f"urn:li:dataset:(urn:li:dataPlatform:hive,metrics_write_{unique},PROD)"
    upserts = {"kind": "ingest", "aspect_entity_type": "dataset", "aspect_change_type": "UPSERT"}
    families = scrape(server)
    before = counted(families, "neohub_writes", kind="ingest"), counted(families, "neohub_written_aspects", **upserts)
    graph.emit(MetadataChangeProposalWrapper(entityUrn=urn, aspect=StatusClass(removed=False)))
    after = before
    for _ in range(50):  # counted once the write committed
        families = scrape(server)
        after = counted(families, "neohub_writes", kind="ingest"), counted(families, "neohub_written_aspects", **upserts)
        if after[0] >= before[0] + 1 and after[1] >= before[1] + 2:
            break
    # One transaction; the new dataset's key, its status and its default aspects.
    assert after[0] >= before[0] + 1 and after[1] >= before[1] + 2, (before, after)
    assert families["neohub_writes"].type == "counter"
    assert families["neohub_follower_applied"].type == "counter"
