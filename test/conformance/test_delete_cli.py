"""Deletes that DataHub's CLI drives (issue 18): `datahub delete` by platform and env (dry run, soft, hard),
by entity type and query, only soft-deleted ones, a container recursively, one aspect, a time-series
window, and `datahub delete references`. Every entity lives on a platform of its own test."""
import time

import datahub.metadata.schema_classes as m
from datahub.emitter.mce_builder import make_container_urn, make_dataset_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper

from ingest_support import cli_env, run_cli, tail
from test_ingest_sqlite import poll


def emit_all(graph, mcps):
    for mcp in mcps:
        graph.emit(mcp)


def datasets(graph, platform, env, n, container=None):
    urns = [make_dataset_urn(platform, f"t{i}", env) for i in range(n)]
    mcps = []
    for i, urn in enumerate(urns):
        mcps.append(MetadataChangeProposalWrapper(entityUrn=urn, aspect=m.DatasetPropertiesClass(name=f"t{i}")))
        mcps.append(MetadataChangeProposalWrapper(entityUrn=urn, aspect=m.StatusClass(removed=False)))
        if container:
            # As DataHub's sources write them: the container and the browse path through it.
            mcps.append(MetadataChangeProposalWrapper(entityUrn=urn, aspect=m.ContainerClass(container=container)))
            mcps.append(MetadataChangeProposalWrapper(entityUrn=urn, aspect=m.BrowsePathsV2Class(
                path=[m.BrowsePathEntryClass(id=container, urn=container)])))
    emit_all(graph, mcps)
    return urns


def searchable(graph, platform, **kw):
    return set(graph.get_urns_by_filter(entity_types=["dataset"], platform=platform, batch_size=100, **kw))


def removed(graph, urn) -> bool:
    status = graph.get_aspect(urn, m.StatusClass)
    return status is not None and status.removed


def test_delete_by_platform_and_env(server, token, graph, unique):
    env = cli_env(server, token)
    platform = f"del{unique}"
    prod = datasets(graph, platform, "PROD", 3)
    dev = datasets(graph, platform, "DEV", 2)
    assert poll(lambda: searchable(graph, platform) == set(prod + dev), timeout=30)

    dry = run_cli(env, "delete", "--platform", platform, "--env", "PROD", "--dry-run")
    assert dry.returncode == 0, tail(dry)
    assert "3" in dry.stdout, tail(dry)
    assert not any(removed(graph, u) for u in prod)

    soft = run_cli(env, "delete", "--platform", platform, "--env", "PROD", "--force")
    assert soft.returncode == 0, tail(soft)
    assert all(removed(graph, u) for u in prod) and not any(removed(graph, u) for u in dev)
    assert poll(lambda: searchable(graph, platform) == set(dev), timeout=30), searchable(graph, platform)

    hard = run_cli(env, "delete", "--platform", platform, "--env", "PROD", "--hard", "--only-soft-deleted", "--force")
    assert hard.returncode == 0, tail(hard)
    assert not any(graph.exists(u) for u in prod) and all(graph.exists(u) for u in dev)


def test_delete_by_type_and_query(server, token, graph, unique):
    env = cli_env(server, token)
    platform = f"delq{unique}"
    urns = datasets(graph, platform, "PROD", 3)
    graph.emit(MetadataChangeProposalWrapper(
        entityUrn=urns[0], aspect=m.DatasetPropertiesClass(name="t0", description=f"needle{unique}")))
    assert poll(lambda: searchable(graph, platform, query=f"needle{unique}") == {urns[0]}, timeout=30)
    done = run_cli(env, "delete", "--entity-type", "dataset", "--query", f"needle{unique}", "--hard", "--force")
    assert done.returncode == 0, tail(done)
    assert not graph.exists(urns[0]) and graph.exists(urns[1]) and graph.exists(urns[2])


def test_delete_container_recursively(server, token, graph, unique):
    env = cli_env(server, token)
    platform = f"delc{unique}"
    container = make_container_urn(f"box{unique}")
    graph.emit(MetadataChangeProposalWrapper(entityUrn=container, aspect=m.ContainerPropertiesClass(name="box")))
    graph.emit(MetadataChangeProposalWrapper(entityUrn=container, aspect=m.StatusClass(removed=False)))
    inside = datasets(graph, platform, "PROD", 2, container=container)
    assert poll(lambda: searchable(graph, platform) == set(inside), timeout=30)
    done = run_cli(env, "delete", "--urn", container, "--recursive", "--hard", "--force")
    assert done.returncode == 0, tail(done)
    assert not graph.exists(container) and not any(graph.exists(u) for u in inside)


def test_delete_timeseries_aspect_in_a_window_and_whole(server, token, graph, unique):
    """`--aspect` (the CLI allows it for time-series aspects only, in a window), then all of its values."""
    env = cli_env(server, token)
    urn = datasets(graph, f"dela{unique}", "PROD", 1)[0]
    day = 24 * 3600 * 1000
    t0 = int(time.time()) * 1000 - 10 * day  # whole seconds: the CLI takes times to the second
    for i in range(4):
        graph.emit(MetadataChangeProposalWrapper(
            entityUrn=urn, aspect=m.DatasetProfileClass(timestampMillis=t0 + i * day, rowCount=i, columnCount=1)))
    start = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime((t0 + day) / 1000))
    end = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime((t0 + 2 * day) / 1000))
    done = run_cli(env, "delete", "--urn", urn, "--aspect", "datasetProfile", "--start-time", start, "--end-time", end,
                   "--hard", "--force")
    assert done.returncode == 0, tail(done)
    left = graph.get_timeseries_values(urn, m.DatasetProfileClass, {}, limit=10)
    assert sorted(p.rowCount for p in left) == [0, 3]
    tomorrow = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(time.time() + 86400))
    done = run_cli(env, "delete", "--urn", urn, "--aspect", "datasetProfile", "--start-time", "1970-01-02 00:00:00",
                   "--end-time", tomorrow, "--hard", "--force")
    assert done.returncode == 0, tail(done)
    assert graph.get_timeseries_values(urn, m.DatasetProfileClass, {}, limit=10) == []
    assert graph.exists(urn)


def test_delete_references(server, token, graph, unique):
    env = cli_env(server, token)
    tag = f"urn:li:tag:ref{unique}"
    urns = datasets(graph, f"delr{unique}", "PROD", 2)
    for urn in urns:
        graph.emit(MetadataChangeProposalWrapper(entityUrn=urn, aspect=m.GlobalTagsClass(tags=[
            m.TagAssociationClass(tag=tag), m.TagAssociationClass(tag=f"urn:li:tag:other{unique}")])))
    dry = run_cli(env, "delete", "references", "--urn", tag, "--dry-run")
    assert dry.returncode == 0 and "Found 2 references" in dry.stdout, tail(dry)
    done = run_cli(env, "delete", "references", "--urn", tag, "--force")
    assert done.returncode == 0, tail(done)
    for urn in urns:
        tags = graph.get_aspect(urn, m.GlobalTagsClass)
        assert [t.tag for t in tags.tags] == [f"urn:li:tag:other{unique}"]
