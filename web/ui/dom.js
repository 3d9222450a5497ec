// A tiny virtual-DOM: h() builds plain objects, patch() updates real DOM children in place.
// Keyed children keep their element (and focus, and running CSS transitions) across renders.
const SVG_NS = "http://www.w3.org/2000/svg";
const SVG_TAGS = new Set(["svg", "path", "circle", "rect", "g", "line", "polyline", "polygon", "ellipse", "title", "text"]);

/**
 * @typedef {Record<string, any>} Props attributes, the DOM properties value/checked/selected/disabled,
 *   `on<event>` handlers, `style` (CSSOM text) and `key`; values are whatever each of those takes
 * @typedef {{tag: string, props: Props, children: Child[], key: unknown, html?: string}} VNode
 * @typedef {VNode | string} Child
 * @typedef {Child | number | boolean | null | undefined | Children[]} Children what h() takes: nested,
 *   with null/false/true skipped and numbers written as text
 * @typedef {{__tag?: string, __key?: unknown, __props?: Props, __html?: string,
 *   __on?: Record<string, ((ev: Event) => void) | null>}} Kept what patch() keeps on the nodes it made
 * @typedef {(HTMLElement | SVGElement) & Kept} HostElement
 * @typedef {ChildNode & Kept} HostNode
 */

/**
 * A vnode: `h("button", {class: "x", onClick}, "text", [more…])`.
 * @param {string} tag
 * @param {Props | null} [props]
 * @param {...Children} children
 * @returns {VNode}
 */
export function h(tag, props, ...children) {
  /** @type {Child[]} */
  const flat = [];
  /** @param {Children} c */
  const walk = (c) => {
    if (c == null || c === false || c === true) return;
    if (Array.isArray(c)) c.forEach(walk);
    else flat.push(typeof c === "object" ? c : String(c));
  };
  walk(children);
  props = props || {};
  return { tag, props, children: flat, key: props.key };
}

/**
 * Raw markup (trusted, from our own modules only: the card art).
 * @param {string} tag
 * @param {Props | null} props
 * @param {string} html
 * @returns {VNode}
 */
export function raw(tag, props, html) {
  return { tag, props: props || {}, children: [], key: (props || {}).key, html };
}

/**
 * @param {HostElement} el
 * @param {string} name
 * @param {unknown} value
 * @param {boolean} isSvg
 */
function setProp(el, name, value, isSvg) {
  if (name === "key") return;
  if (name.startsWith("on")) {
    const type = name.slice(2).toLowerCase();
    const on = (el.__on = el.__on || {});
    if (!on[type]) el.addEventListener(type, (ev) => on[type]?.(ev));
    on[type] = /** @type {((ev: Event) => void) | null} */ (value || null);
    return;
  }
  if (!isSvg && (name === "value" || name === "checked" || name === "selected" || name === "disabled")) {
    const props = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (el));
    if (props[name] !== value) props[name] = value;
    if (name !== "disabled") return;
  }
  if (name === "style") { // through the CSSOM: the CSP refuses inline style attributes (style-src 'self')
    el.style.cssText = value == null || value === false ? "" : String(value);
    return;
  }
  if (value == null || value === false) el.removeAttribute(name);
  else el.setAttribute(name, value === true ? "" : String(value));
}

// Raw markup is our card art: a few dozen distinct strings drawn again and again. Each is parsed once
// into a <template>; a card then costs a clone instead of an HTML (and SVG) parse.
/** @type {Map<string, HTMLTemplateElement>} */
const parsedHTML = new Map();
/**
 * @param {Element} el
 * @param {string} html
 */
function setHTML(el, html) {
  let tpl = parsedHTML.get(html);
  if (!tpl) {
    tpl = document.createElement("template");
    tpl.innerHTML = html;
    parsedHTML.set(html, tpl);
  }
  el.replaceChildren(tpl.content.cloneNode(true));
}

/**
 * @param {Child} v
 * @returns {HostNode}
 */
function create(v) {
  if (typeof v === "string") return document.createTextNode(v);
  const isSvg = SVG_TAGS.has(v.tag);
  /** @type {HostElement} */
  const el = isSvg ? document.createElementNS(SVG_NS, v.tag) : document.createElement(v.tag);
  el.__tag = v.tag;
  el.__key = v.key;
  el.__props = {};
  update(el, v);
  return el;
}

/**
 * @param {HostElement} el
 * @param {VNode} v
 */
function update(el, v) {
  const isSvg = SVG_TAGS.has(v.tag);
  const old = el.__props || {};
  for (const name in old) if (!(name in v.props)) setProp(el, name, null, isSvg);
  for (const name in v.props) if (old[name] !== v.props[name]) setProp(el, name, v.props[name], isSvg);
  el.__props = v.props;
  if (v.html !== undefined) {
    if (el.__html !== v.html) { setHTML(el, v.html); el.__html = v.html; }
  } else {
    if (el.__html !== undefined) { el.textContent = ""; el.__html = undefined; }
    patch(el, v.children);
  }
}

/**
 * Make el's children match the vnode list.
 * @param {Element} el
 * @param {Child | null | false | (Child | null | false)[]} vnodes
 */
export function patch(el, vnodes) {
  const list = /** @type {Child[]} */ ((Array.isArray(vnodes) ? vnodes : [vnodes]).filter((v) => v != null && v !== false));
  const oldNodes = /** @type {HostNode[]} */ (Array.from(el.childNodes));
  /** @type {Map<unknown, HostNode>} */
  const byKey = new Map();
  /** @type {HostNode[]} */
  const unkeyed = [];
  for (const n of oldNodes) {
    if (n.__key != null) byKey.set(n.__key, n);
    else unkeyed.push(n);
  }
  let u = 0;
  /** @type {HostNode[]} */
  const result = [];
  for (const v of list) {
    /** @type {HostNode} */
    let n;
    if (typeof v === "string") {
      const c = unkeyed[u];
      if (c instanceof Text) {
        u++;
        if (c.data !== v) c.data = v;
        n = c;
      } else n = create(v);
    } else if (v.key != null) {
      const c = byKey.get(v.key);
      if (c && c.__tag === v.tag) {
        byKey.delete(v.key);
        update(/** @type {HostElement} */ (c), v);
        n = c;
      } else n = create(v);
    } else {
      const c = unkeyed[u];
      if (c && c.__tag === v.tag && c.__key == null) {
        u++;
        update(/** @type {HostElement} */ (c), v);
        n = c;
      } else n = create(v);
    }
    result.push(n);
  }
  result.forEach((n, i) => {
    if (el.childNodes[i] !== n) el.insertBefore(n, el.childNodes[i] || null);
  });
  while (el.lastChild && el.childNodes.length > result.length) el.removeChild(el.lastChild);
}
