import { NS, SCHEMA_LOCATION } from '../xml';

/**
 * What tells a CFDI version's nodes apart when the rules are otherwise shared: its namespace,
 * Version attribute and schema. The builders write every cfdi: node through one of these.
 */
export interface CfdiDialect {
  version: '3.3' | '4.0';
  ns: string;
  schemaLocation: string;
}

export const CFDI40: CfdiDialect = { version: '4.0', ns: NS.cfdi40, schemaLocation: SCHEMA_LOCATION.cfdi40 };
export const CFDI33: CfdiDialect = { version: '3.3', ns: NS.cfdi33, schemaLocation: SCHEMA_LOCATION.cfdi33 };
