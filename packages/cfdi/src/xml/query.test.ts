import { describe, expect, it } from 'vitest';
import { childElements, el, findChild, findChildren, findDescendant, findDescendants, getAttr, NS, parseXml, textContent } from '.';

const doc = parseXml(`<cfdi:Comprobante xmlns:cfdi="${NS.cfdi40}" xmlns:o="urn:o" Version="4.0">
  <cfdi:Conceptos><cfdi:Concepto n="1"><o:Concepto n="x"/></cfdi:Concepto><cfdi:Concepto n="2"/></cfdi:Conceptos>
  <cfdi:Complemento><o:T>a<o:U>b</o:U>c</o:T></cfdi:Complemento>
</cfdi:Comprobante>`);

describe('tree helpers', () => {
  it('finds children and descendants by namespace URI and local name', () => {
    const conceptos = findChild(doc, NS.cfdi40, 'Conceptos')!;
    expect(findChildren(conceptos, NS.cfdi40, 'Concepto').map((c) => getAttr(c, 'n'))).toEqual(['1', '2']);
    expect(findChild(doc, 'urn:o', 'Conceptos')).toBeUndefined();
    expect(getAttr(findDescendant(doc, 'urn:o', 'Concepto')!, 'n')).toBe('x');
    expect(findDescendants(doc, NS.cfdi40, 'Concepto')).toHaveLength(2);
    expect(childElements(doc).map((c) => c.local)).toEqual(['Conceptos', 'Complemento']);
  });

  it('builds elements with the local name from the qualified one', () => {
    const e = el('cfdi:Emisor', NS.cfdi40, { Rfc: 'EKU9003173C9', Nombre: undefined });
    expect(e.local).toBe('Emisor');
    expect([...e.attrs.keys()]).toEqual(['Rfc']);
  });

  it('gives the XPath string-value', () => {
    expect(textContent(findDescendant(doc, 'urn:o', 'T')!)).toBe('abc');
  });
});
