import { parseXml } from '../xml/parse';
import type { XmlElement } from '../xml/types';
import { readInputFile } from './input';

/** Reads and safely parses an XML document named on the command line. */
export function readXmlDocument(path: string): XmlElement {
  return parseXml(readInputFile(path, 'archivo XML'));
}
