"""DataHub's MCP server (mcp-server-datahub, pinned in requirements.txt) run as an agent runs it: a
subprocess over stdio, driven through the MCP client library it is built on."""
import json
import os
import sys
from pathlib import Path
from typing import Any, Dict, List, Tuple

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

SERVER = str(Path(sys.executable).parent / "mcp-server-datahub")


def server_env(server: str, token: str) -> Dict[str, str]:
    """The server's environment: neohub and its token, its write and user tools on, no telemetry."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATAHUB_")}
    env.update(
        DATAHUB_GMS_URL=server,
        DATAHUB_GMS_TOKEN=token or "",
        DATAHUB_TELEMETRY_ENABLED="false",
        TOOLS_IS_MUTATION_ENABLED="true",
        TOOLS_IS_USER_ENABLED="true",
    )
    return env


class ToolResult:
    def __init__(self, raw: Any):
        self.is_error = bool(raw.isError)
        self.text = "".join(getattr(c, "text", "") for c in raw.content)

    def json(self) -> Any:
        return json.loads(self.text)


def run_tools(server: str, token: str, calls: List[Tuple[str, Dict[str, Any]]]) -> Tuple[List[str], List[ToolResult]]:
    """Starts the MCP server, lists its tools and calls `calls` in order: the tools' names and results."""

    async def session() -> Tuple[List[str], List[ToolResult]]:
        params = StdioServerParameters(command=SERVER, args=[], env=server_env(server, token))
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as s:
                await s.initialize()
                names = [t.name for t in (await s.list_tools()).tools]
                results = [ToolResult(await s.call_tool(name, args)) for name, args in calls]
                return names, results

    return anyio.run(session)
