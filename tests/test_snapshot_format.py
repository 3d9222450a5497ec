"""web/boot/snapshot-format.js, the memory snapshot's file format, run in node: `sparseSnapshot` then
`expandSnapshot` gives the image back, drops exactly the zero runs of 64 bytes or more, and the reader
refuses malformed files. The oracle is an independent reader and segmenter written here in Python, from
the format's description in that file; it also reads the built snapshot (skipped when dist/ is not built).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import re
import struct
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORMAT_JS = ROOT / "web" / "boot" / "snapshot-format.js"
MIN_RUN = 64
HEADER = 12

# For each <name>.raw in the directory: <name>.sparse (sparseSnapshot) and <name>.back (expandSnapshot of
# that). For each <name>.bad: the error expandSnapshot throws, in errors.json. For each <name>.gz: the
# SHA-256 and length of expandSnapshot(gunzip(file)), in real.json.
NODE_SCRIPT = r"""
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
const [formatJs, dir] = process.argv.slice(1);
const { sparseSnapshot, expandSnapshot } = await import(pathToFileURL(formatJs).href);
const arrayBuffer = (buf) => buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
const errors = {};
const real = {};
for (const name of readdirSync(dir).sort()) {
  const file = `${dir}/${name}`;
  if (name.endsWith(".raw")) {
    const raw = new Uint8Array(readFileSync(file));
    const sparse = sparseSnapshot(raw);
    writeFileSync(file.replace(/\.raw$/, ".sparse"), sparse);
    const back = expandSnapshot(arrayBuffer(sparse));
    if (!(back instanceof ArrayBuffer)) throw new Error("expandSnapshot did not return an ArrayBuffer");
    writeFileSync(file.replace(/\.raw$/, ".back"), new Uint8Array(back));
  } else if (name.endsWith(".bad")) {
    try {
      expandSnapshot(arrayBuffer(readFileSync(file)));
      errors[name] = null;
    } catch (err) {
      errors[name] = String(err?.message || err);
    }
  } else if (name.endsWith(".gz")) {
    const image = new Uint8Array(expandSnapshot(arrayBuffer(gunzipSync(readFileSync(file)))));
    real[name] = { sha256: createHash("sha256").update(image).digest("hex"), length: image.length };
  }
}
writeFileSync(`${dir}/errors.json`, JSON.stringify(errors));
writeFileSync(`${dir}/real.json`, JSON.stringify(real));
"""


def run_node(directory: Path) -> None:
    proc = subprocess.run(["node", "--input-type=module", "-e", NODE_SCRIPT, str(FORMAT_JS), str(directory)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]


def read_sparse(data: bytes) -> tuple[int, list[tuple[int, int]], bytes]:
    """Independent reader: (total length, [(offset, length)], the image)."""
    if len(data) < HEADER or data[:4] != b"PYSN":
        raise ValueError("not a sparse snapshot")
    total, count = struct.unpack_from("<II", data, 4)
    segments = [struct.unpack_from("<II", data, HEADER + 8 * k) for k in range(count)]
    image = bytearray(total)
    src = HEADER + 8 * count
    for offset, length in segments:
        assert offset + length <= total, (offset, length, total)
        image[offset:offset + length] = data[src:src + length]
        src += length
    if src != len(data):
        raise ValueError("segments do not add up")
    return total, [(int(o), int(n)) for o, n in segments], bytes(image)


def expected_segments(raw: bytes, min_run: int = MIN_RUN) -> list[tuple[int, int]]:
    """What the format keeps: the stretches between zero runs of min_run bytes or more (and the ends of
    the image), without their leading and trailing zeros; empty stretches are dropped."""
    segments = []
    start = 0
    for run in [*re.finditer(rb"\x00{%d,}" % min_run, raw), None]:
        end = run.start() if run else len(raw)
        piece = raw[start:end]
        lead = len(piece) - len(piece.lstrip(b"\0"))
        body = piece.strip(b"\0")
        if body:
            segments.append((start + lead, len(body)))
        if run:
            start = run.end()
    return segments


def edge_cases() -> dict[str, bytes]:
    data = b"\x07abc\xff"
    cases: dict[str, bytes] = {
        "empty": b"",
        "one-zero": b"\0",
        "one-byte": b"\x01",
        "zeros-1000": bytes(1000),
        "zeros-64": bytes(64),
        "no-zeros": bytes(range(1, 256)) * 9,
        "single-zeros": b"\x01\x00" * 500,
    }
    for run in (1, 63, 64, 65, 200):
        zeros = bytes(run)
        cases[f"start-{run}"] = zeros + data
        cases[f"middle-{run}"] = data + zeros + data
        cases[f"end-{run}"] = data + zeros
        cases[f"all-three-{run}"] = zeros + data + zeros + data + zeros
        cases[f"two-runs-{run}"] = data + zeros + b"\x01" + zeros + data
    rng = random.Random(20240607)
    for k in range(12):
        out = bytearray()
        size = rng.randrange(1, 40_000)
        while len(out) < size:
            if rng.random() < 0.5:
                out += bytes(rng.choice([1, 2, 62, 63, 64, 65, 66, 127, 128, rng.randrange(1, 5000)]))
            else:
                out += bytes(rng.randrange(1, 256) for _ in range(rng.randrange(1, 300)))
        cases[f"random-{k}"] = bytes(out)
    return cases


def test_sparse_then_expand_round_trips_and_drops_exactly_the_long_zero_runs(tmp_path: Path) -> None:
    cases = edge_cases()
    for name, raw in cases.items():
        (tmp_path / f"{name}.raw").write_bytes(raw)
    run_node(tmp_path)
    for name, raw in cases.items():
        sparse = (tmp_path / f"{name}.sparse").read_bytes()
        assert (tmp_path / f"{name}.back").read_bytes() == raw, name
        total, segments, image = read_sparse(sparse)
        assert total == len(raw) and image == raw, name
        assert segments == expected_segments(raw), name
        kept = sum(length for _, length in segments)
        assert len(sparse) == HEADER + 8 * len(segments) + kept, name
    # The edges of the rule, spelled out: 63 zeros stay inside a segment, 64 and more split it.
    assert read_sparse((tmp_path / "middle-63.sparse").read_bytes())[1] == [(0, 5 + 63 + 5)]
    assert read_sparse((tmp_path / "middle-64.sparse").read_bytes())[1] == [(0, 5), (5 + 64, 5)]
    assert read_sparse((tmp_path / "middle-65.sparse").read_bytes())[1] == [(0, 5), (5 + 65, 5)]
    assert read_sparse((tmp_path / "start-63.sparse").read_bytes())[1] == [(63, 5)]
    assert read_sparse((tmp_path / "end-63.sparse").read_bytes())[1] == [(0, 5)]
    assert (tmp_path / "empty.sparse").read_bytes() == b"PYSN" + bytes(8)
    assert (tmp_path / "zeros-1000.sparse").read_bytes() == b"PYSN" + struct.pack("<II", 1000, 0)
    assert len((tmp_path / "no-zeros.sparse").read_bytes()) == HEADER + 8 + len(cases["no-zeros"])


def test_expand_refuses_malformed_files(tmp_path: Path) -> None:
    good = b"\x05" * 10 + bytes(100) + b"\x06" * 10
    (tmp_path / "good.raw").write_bytes(good)
    run_node(tmp_path)
    sparse = (tmp_path / "good.sparse").read_bytes()
    assert read_sparse(sparse)[2] == good
    bad = {
        "empty.bad": b"",
        "short.bad": sparse[:11],
        "no-magic.bad": b"PYSX" + sparse[4:],
        "gzip.bad": gzip.compress(sparse),  # not inflated first
        "truncated.bad": sparse[:-1],
        "trailing.bad": sparse + b"\x00",
        "more-segments.bad": sparse[:8] + struct.pack("<I", 3) + sparse[HEADER:],
    }
    for name, data in bad.items():
        (tmp_path / name).write_bytes(data)
    (tmp_path / "good.raw").unlink()
    run_node(tmp_path)
    errors = json.loads((tmp_path / "errors.json").read_text())
    assert set(errors) == set(bad)
    for name in ("empty.bad", "short.bad", "no-magic.bad", "gzip.bad"):
        assert errors[name] == "not a sparse snapshot", (name, errors[name])
    for name in ("truncated.bad", "trailing.bad"):
        assert errors[name] == "snapshot: segments do not add up", (name, errors[name])
    assert errors["more-segments.bad"], errors  # refused, whatever the reason
    for data in bad.values():
        with pytest.raises((ValueError, AssertionError, struct.error)):
            read_sparse(data)  # the oracle agrees that each is malformed


def built_snapshot() -> Path | None:
    interpreter = ROOT / "dist" / "web" / "boot" / "interpreter.js"
    versions = ROOT / "dist" / "web" / "boot" / "versions.json"
    if not interpreter.exists() or not versions.exists():
        return None
    m = re.search(r'"(snapshot-[0-9a-f]+\.bin)"', interpreter.read_text())  # (minified by the build)
    if not m:
        return None
    stdlib = ROOT / "dist" / str(json.loads(versions.read_text())["stdlib_zip"])
    return stdlib.parent / m.group(1)


@pytest.mark.skipif(built_snapshot() is None, reason="dist/ not built with a snapshot (make build)")
def test_built_snapshot_reads_back_the_same_in_both_readers(tmp_path: Path) -> None:
    path = built_snapshot()
    assert path is not None and path.exists(), path
    sparse = gzip.decompress(path.read_bytes())
    total, segments, image = read_sparse(sparse)
    assert len(image) == total > 10_000_000
    # Written by sparseSnapshot: exactly the segmentation the rule gives for this image, ordered.
    assert segments == expected_segments(image)
    assert len(sparse) < total  # there were long zero runs to drop
    (tmp_path / "snapshot.gz").write_bytes(path.read_bytes())
    run_node(tmp_path)
    real = json.loads((tmp_path / "real.json").read_text())["snapshot.gz"]
    assert real == {"sha256": hashlib.sha256(image).hexdigest(), "length": total}
