"""Operations: the Prometheus scrape at DataHub's `/actuator/prometheus`, read with Prometheus' own parser."""
import requests
from prometheus_client.parser import text_string_to_metric_families


def scrape(server):
    res = requests.get(f"{server}/actuator/prometheus", timeout=30)  # no token, as in DataHub
    assert res.status_code == 200
    assert res.headers["Content-Type"].startswith("text/plain")
    return {f.name: f for f in text_string_to_metric_families(res.text)}


def requests_counted(families, **labels):
    family = families["http_server_requests_seconds"]
    return sum(
        s.value
        for s in family.samples
        if s.name == "http_server_requests_seconds_count"
        and all(s.labels.get(k) == v for k, v in labels.items())
    )


def test_the_request_counter_moves_with_the_clients_calls(server, graph):
    before = requests_counted(scrape(server), method="GET", uri="/config", status="200", outcome="SUCCESS")
    for _ in range(3):
        graph.test_connection()  # DataHub's client reads /config
    after = before
    for _ in range(50):  # a request is counted once its answer is sent
        after = requests_counted(scrape(server), method="GET", uri="/config", status="200")
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
