from datahub.emitter.rest_emitter import DatahubRestEmitter


def test_connection_and_restli_mode_without_a_client_mode(server, token):
    for prefix in ("", "/gms", "/api/gms"):
        emitter = DatahubRestEmitter(gms_server=server + prefix, token=token)
        emitter.test_connection()
        assert emitter._openapi_ingestion is False


def test_graph_connection(graph):
    graph.test_connection()
    assert graph.server_config is not None
