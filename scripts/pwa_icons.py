#!/usr/bin/env python3
"""Render the app icon's PNGs from its SVG source (web/pwa/icon.svg) with no outside tool.

The SVG uses only <rect>, <circle> and <polygon> with a solid fill, so a small scanline rasterizer
(16 sub-rows per pixel, exact horizontal coverage) draws it faithfully. Used by the build
(scripts/build_pwa.py) for icon-192.png and icon-512.png (full-bleed, so also fit as maskable).

Usage: python3 scripts/pwa_icons.py SVG OUT_DIR
"""

from __future__ import annotations

import math
import struct
import sys
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

SUB = 16  # sub-rows per pixel row


def _colour(text: str) -> tuple[int, int, int]:
    text = text.strip().lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    if len(text) != 6:
        raise ValueError(f"unsupported fill {text!r}")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def shapes(svg_text: str) -> tuple[float, list[tuple[tuple[int, int, int], list[tuple[float, float]]]]]:
    """(viewBox size, [(rgb, polygon)]) in painting order."""
    root = ET.fromstring(svg_text)
    vb = [float(v) for v in root.get("viewBox", "0 0 512 512").split()]
    size = vb[2]
    out = []
    for el in root.iter():
        tag = el.tag.rsplit("}", 1)[-1]
        fill = el.get("fill")
        if tag not in ("rect", "circle", "polygon") or not fill or fill == "none":
            continue
        rgb = _colour(fill)
        if tag == "rect":
            x, y = float(el.get("x", 0)), float(el.get("y", 0))
            w, h = float(el.get("width", 0)), float(el.get("height", 0))
            poly = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        elif tag == "circle":
            cx, cy, r = float(el.get("cx", 0)), float(el.get("cy", 0)), float(el.get("r", 0))
            n = 128
            turns = [2 * math.pi * k / n for k in range(n)]
            poly = [(cx + r * math.cos(t), cy + r * math.sin(t)) for t in turns]
        else:
            nums = [float(v) for v in el.get("points", "").replace(",", " ").split()]
            poly = list(zip(nums[0::2], nums[1::2], strict=True))
        out.append((rgb, poly))
    return size, out


def coverage(poly: list[tuple[float, float]], size: int) -> list[list[float]]:
    """Per-pixel coverage 0..1 of a polygon (even-odd), in pixel coordinates."""
    cov = [[0.0] * size for _ in range(size)]
    edges = [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]
    ys = [p[1] for p in poly]
    y0, y1 = max(0, int(min(ys))), min(size - 1, math.ceil(max(ys)))
    for py in range(y0, y1 + 1):
        row = cov[py]
        for s in range(SUB):
            y = py + (s + 0.5) / SUB
            xs = []
            for (ax, ay), (bx, by) in edges:
                if (ay <= y < by) or (by <= y < ay):
                    xs.append(ax + (y - ay) * (bx - ax) / (by - ay))
            xs.sort()
            for a, b in zip(xs[0::2], xs[1::2], strict=False):
                a, b = max(0.0, a), min(float(size), b)
                if b <= a:
                    continue
                ia, ib = int(a), int(b)
                if ia == ib:
                    row[ia] += (b - a) / SUB
                    continue
                row[ia] += (ia + 1 - a) / SUB
                for x in range(ia + 1, min(ib, size)):
                    row[x] += 1.0 / SUB
                if ib < size:
                    row[ib] += (b - ib) / SUB
    return cov


def render(svg_text: str, px: int) -> bytes:
    """RGBA PNG bytes of the SVG at px×px."""
    size, items = shapes(svg_text)
    scale = px / size
    img = [[[0.0, 0.0, 0.0, 0.0] for _ in range(px)] for _ in range(px)]
    for rgb, poly in items:
        cov = coverage([(x * scale, y * scale) for x, y in poly], px)
        for y in range(px):
            crow, irow = cov[y], img[y]
            for x in range(px):
                a = min(1.0, crow[x])
                if a <= 0.0:
                    continue
                p = irow[x]
                for k in range(3):
                    p[k] = rgb[k] * a + p[k] * (1 - a)
                p[3] = a + p[3] * (1 - a)
    raw = bytearray()
    for row in img:
        raw.append(0)
        for r, g, b, a in row:
            # channels were composited premultiplied over transparent: un-premultiply
            if a > 0:
                r, g, b = r / a, g / a, b / a
            raw += bytes(min(255, round(c)) for c in (r, g, b, a * 255))
    return png(px, px, bytes(raw))


def png(w: int, h: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main() -> None:
    svg, out = Path(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    text = svg.read_text()
    for px in (192, 512):
        (out / f"icon-{px}.png").write_bytes(render(text, px))


if __name__ == "__main__":
    main()
