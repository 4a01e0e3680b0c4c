// Small DOM helpers shared by the explorer's modules.

/** Creates an HTML element with attributes and children (strings become text). */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  setAttributes(element, attributes);
  element.append(...children.flat().filter((child) => child !== null && child !== undefined));
  return element;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Creates an SVG element with attributes and children. */
export function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS(SVG_NS, tag);
  setAttributes(element, attributes);
  element.append(...children.flat().filter((child) => child !== null && child !== undefined));
  return element;
}

function setAttributes(element, attributes) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === 'class') element.setAttribute('class', value);
    else if (name === 'text') element.textContent = value;
    else if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
}

/** `value` in binary, padded with zeros to `width` digits. */
export function binary(value, width) {
  return value.toString(2).padStart(width, '0');
}

/** The character index in `text` of UTF-8 byte offset `byte` (spans in errors are bytes). */
export function byteToIndex(text, byte) {
  const encoder = new TextEncoder();
  let bytes = 0;
  let index = 0;
  for (const character of text) {
    if (bytes >= byte) break;
    bytes += encoder.encode(character).length;
    index += character.length;
  }
  return index;
}

/** A set of numbers written `{0, 1, 3}`. */
export function setText(values) {
  return `{${values.join(', ')}}`;
}
