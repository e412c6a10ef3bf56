"""The DataHub client's Rest.li search helpers against neohub's search index."""
import time

from datahub.emitter.mce_builder import make_dataset_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.metadata import schema_classes as m


def wait_for_index(graph, body, expected, timeout=15.0):
    deadline = time.time() + timeout
    while True:
        result = graph._post_generic(graph._search_endpoint, body)
        if result["value"]["numEntities"] == expected or time.time() > deadline:
            return result
        time.sleep(0.2)


def test_search_endpoint_as_the_client_calls_it(emitter, graph, unique):
    word = f"quokka{unique}"
    urns = [make_dataset_urn("hive", f"{word}_{i}") for i in range(3)]
    emitter.emit_mcps([MetadataChangeProposalWrapper(entityUrn=u, aspect=m.DatasetPropertiesClass(name=f"{word} {i}", description="searchable")) for i, u in enumerate(urns)])
    body = {"input": word, "entity": "dataset", "start": 0, "count": 10}
    result = wait_for_index(graph, body, 3)
    assert sorted(e["entity"] for e in result["value"]["entities"]) == sorted(urns)
    filtered = graph._post_generic(graph._search_endpoint, {
        "input": "*", "entity": "dataset", "start": 0, "count": 10,
        "filter": {"or": [{"and": [{"field": "name", "values": [f"{word} 1"], "condition": "EQUAL"}]}]},
    })
    assert [e["entity"] for e in filtered["value"]["entities"]] == [urns[1]]


def test_list_all_entity_urns(emitter, graph, unique):
    urn = f"urn:li:tag:listed_{unique}"
    emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=urn, aspect=m.TagPropertiesClass(name=f"listed_{unique}")))
    found, start = [], 0
    while True:
        page = graph.list_all_entity_urns("tag", start, 1000)
        if not page:
            break
        found.extend(page)
        start += len(page)
    assert urn in found


def test_restore_indices(emitter, graph, unique):
    word = f"wombat{unique}"
    urn = make_dataset_urn("hive", word)
    emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=urn, aspect=m.DatasetPropertiesClass(name=word)))
    graph.restore_indices(urn_pattern=f"urn:li:dataset:(urn:li:dataPlatform:hive,{word}%", start=0, batch_size=10)
    graph.restore_indices(urn_pattern=urn)
    result = wait_for_index(graph, {"input": word, "entity": "dataset", "start": 0, "count": 10}, 1)
    assert [e["entity"] for e in result["value"]["entities"]] == [urn]


def test_search_diagnose(server, token):
    """`datahub search diagnose` pings GraphQL's appConfig, then reports what search neohub has."""
    from ingest_support import cli_env, run_cli, tail

    done = run_cli(cli_env(server, token), "search", "diagnose")
    assert done.returncode == 0, tail(done)
    assert "Search is working" in done.stdout, tail(done)
    assert "Semantic search is NOT available" in done.stdout, tail(done)
