export * from './types';
export * from './errors';
export * from './namespaces';
export { parseXml, xmlEncodingOf, DEFAULT_MAX_XML_BYTES, DEFAULT_MAX_XML_DEPTH, type ParseXmlOptions } from './parse';
export { writeXml, escapeAttr, escapeText, type WriteXmlOptions } from './write';
export * from './query';
