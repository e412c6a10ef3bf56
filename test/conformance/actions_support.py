"""Helpers for the Events API tests: an Action that writes each event it receives as one JSON line, and
`datahub-actions` pipelines run as a subprocess with it.

The `datahub-cloud` source stores its offset only when it is closed, and in acryl-datahub-actions
1.7.0.17 only a stop (SIGINT or SIGTERM) closes it: a pipeline that ends on its idle timeout exits
without storing its offset. So a run here is stopped with SIGTERM once a marker written after the
run's changes has reached every pipeline's file."""
import itertools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

import yaml

import datahub.metadata.schema_classes as m
from datahub.emitter.mcp import MetadataChangeProposalWrapper

from datahub_actions.action.action import Action
from datahub_actions.pipeline.pipeline_context import PipelineContext

HERE = Path(__file__).resolve().parent


class FileAction(Action):
    """Appends every event, as `EventEnvelope.as_json()`, to the file in its `path` setting."""

    @classmethod
    def create(cls, config_dict: dict, ctx: PipelineContext) -> "FileAction":
        return cls(Path(config_dict["path"]))

    def __init__(self, path: Path):
        self.path = path

    def act(self, event) -> None:
        with self.path.open("a") as f:
            f.write(event.as_json() + "\n")

    def close(self) -> None:
        pass


def pipeline_config(name: str, topic: str, out: Path, server: str, token: Optional[str]) -> Dict[str, Any]:
    """A pipeline of the DataHub Events API source into a FileAction writing to `out`. The idle timeout
    is only a backstop, so that a pipeline the test failed to stop still ends."""
    datahub: Dict[str, Any] = {"server": server}
    if token:
        datahub["token"] = token
    return {
        "name": name,
        "source": {"type": "datahub-cloud", "config": {
            "topics": topic, "kill_after_idle_timeout": True, "idle_timeout_duration_seconds": 30}},
        "action": {"type": "actions_support:FileAction", "config": {"path": str(out)}},
        "datahub": datahub,
    }


def events_in(path: Path) -> List[Dict[str, Any]]:
    """The event envelopes a FileAction wrote, in order."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


class ActionsRun:
    """`datahub-actions actions run` of some pipeline configs, in the background."""

    def __init__(self, configs: List[Dict[str, Any]], workdir: Path, name: str):
        self.outs = [Path(c["action"]["config"]["path"]) for c in configs]
        files = []
        for i, config in enumerate(configs):
            f = workdir / f"{name}-{i}.yml"
            f.write_text(yaml.safe_dump(config, sort_keys=False))
            files += ["-c", str(f)]
        env = {**os.environ, "DATAHUB_TELEMETRY_ENABLED": "false",
               "PYTHONPATH": os.pathsep.join(filter(None, [str(HERE), os.environ.get("PYTHONPATH")]))}
        self.log = workdir / f"{name}.log"
        cli = str(Path(sys.executable).parent / "datahub-actions")
        with self.log.open("w") as log:
            self.proc = subprocess.Popen([cli, "actions", "run", *files], env=env, cwd=workdir,
                                         stdout=log, stderr=subprocess.STDOUT)

    def tail(self, n: int = 4000) -> str:
        return f"rc={self.proc.poll()}\n{self.log.read_text()[-n:]}"

    def wait_for_marker(self, write_marker: Callable[[], str], timeout: float = 60) -> None:
        """Writes markers until one reaches every pipeline's file: then each has read everything written
        before it. A first run starts at the head of its topic when it first polls, so markers written
        before that are not seen and another follows."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.tail()
            marker = write_marker()
            retry = time.monotonic() + 2
            while time.monotonic() < retry:
                if all(out.exists() and marker in out.read_text() for out in self.outs):
                    return
                time.sleep(0.1)
        raise AssertionError(f"no marker reached the pipelines in {timeout}s\n{self.tail()}")

    def stop(self, timeout: float = 90) -> None:
        """SIGTERM, as a container runtime stops it: each source is closed and stores its offset."""
        # Past the marker's batch, into the next poll, where the source has taken the new offset as safe.
        time.sleep(0.5)
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError(f"datahub-actions did not stop in {timeout}s\n{self.tail()}")
        assert self.proc.returncode == 0, self.tail()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def tag_markers(graph, sentinel: str, prefix: str) -> Callable[[], str]:
    """Marks for a run's end: each call tags `sentinel` with a fresh tag (`urn:li:tag:<prefix>NNNN`), which
    makes a platform event and a change-log record, and returns the tag's URN."""
    numbers = itertools.count()

    def marker() -> str:
        mark = f"urn:li:tag:{prefix}{next(numbers):04d}"
        graph.emit(MetadataChangeProposalWrapper(
            entityUrn=sentinel, aspect=m.GlobalTagsClass(tags=[m.TagAssociationClass(tag=mark)])))
        return mark

    return marker
