"""The browser suite's estate, made as a data team makes theirs: a SQLite database of shop tables and
views, ingested into neohub by DataHub's own SQL source (`datahub ingest`, the sqlalchemy source with
profiling and view lineage, the datahub-rest sink). Three views over two tables give lineage three hops
deep, with column-level lineage from the view definitions.

    python sql_estate.py <workdir> <suffix> <server> <token>

prints one JSON line: the datasets' URNs by table name, the run id, and the exit code of the run."""
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import yaml

workdir, suffix, server, token = Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
workdir.mkdir(parents=True, exist_ok=True)
db = workdir / f"shop_{suffix}.db"
names = {k: f"{k}_{suffix}" for k in ("raw_orders", "customers", "orders", "revenue", "top_customers")}
n = names
con = sqlite3.connect(db)
# The views name their tables with the schema (main.x): DataHub's SQLite source resolves an upstream
# of a view by the name as written.
con.executescript(f"""
    CREATE TABLE {n['customers']} (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, country TEXT);
    CREATE TABLE {n['raw_orders']} (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, amount REAL,
      placed_at TIMESTAMP,
      CONSTRAINT fk_{n['raw_orders']}_customer FOREIGN KEY (customer_id) REFERENCES {n['customers']}(id));
    INSERT INTO {n['customers']} VALUES (1,'Ann','ann@x.io','NL'),(2,'Bob',NULL,'DE'),(3,'Cy','cy@x.io','NL');
    INSERT INTO {n['raw_orders']} VALUES (1,1,12.5,'2026-01-02'),(2,1,3.0,'2026-01-03'),(3,2,40.0,'2026-02-01'),
      (4,3,7.25,'2026-02-11'),(5,3,19.0,'2026-03-05');
    CREATE VIEW {n['orders']} AS SELECT o.id AS order_id, o.customer_id, c.name AS customer_name, o.amount
      FROM main.{n['raw_orders']} o JOIN main.{n['customers']} c ON c.id = o.customer_id;
    CREATE VIEW {n['revenue']} AS SELECT customer_name, SUM(amount) AS revenue
      FROM main.{n['orders']} GROUP BY customer_name;
    CREATE VIEW {n['top_customers']} AS SELECT customer_name, revenue
      FROM main.{n['revenue']} WHERE revenue > 20;
""")
con.commit()
con.close()

instance = f"shop{suffix}"
pipeline = f"browser_sqlite_{suffix}"
run_id = f"sqlite-{suffix}"
recipe = {
    "pipeline_name": pipeline,
    "run_id": run_id,
    "source": {"type": "sqlalchemy", "config": {
        "platform": "sqlite",
        "connect_uri": f"sqlite:///{db}",
        "platform_instance": instance,
        "env": "PROD",
        "include_tables": True,
        "include_views": True,
        "include_view_lineage": True,
        "profiling": {"enabled": True},
    }},
    "sink": {"type": "datahub-rest", "config": {"server": server, "token": token}},
    "reporting": [{"type": "datahub"}],
}
recipe_path = workdir / "recipe.yml"
recipe_path.write_text(yaml.safe_dump(recipe, sort_keys=False))
report_path = workdir / "report.json"
env = {"PATH": str(Path(sys.executable).parent), "HOME": str(workdir), "DATAHUB_TELEMETRY_ENABLED": "false"}
done = subprocess.run([str(Path(sys.executable).parent / "datahub"), "ingest", "-c", str(recipe_path),
                       "--report-to", str(report_path)], env=env, cwd=workdir, capture_output=True, text=True,
                      timeout=300)
report = json.loads(report_path.read_text()) if report_path.exists() else {}
urns = {k: f"urn:li:dataset:(urn:li:dataPlatform:sqlite,{instance}.main.{v},PROD)" for k, v in names.items()}
print(json.dumps({"urns": urns, "names": names, "runId": run_id, "code": done.returncode,
                  "failures": ((report.get("source") or {}).get("report") or {}).get("failures") or [],
                  "tail": (done.stdout + done.stderr)[-3000:]}))
