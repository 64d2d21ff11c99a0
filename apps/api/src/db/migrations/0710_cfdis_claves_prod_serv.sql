-- The c_ClaveProdServ of a document's concepts (issue 24 item 13, decision 272): distinct claves separated by one
-- space, in the order they first appear. The DIOT infers each supplier's tipo de operación from them (8013xxxx rent,
-- goods versus services). Null for documents stored before this column: for those the DIOT infers from the
-- supplier's régimen and the ISR withheld only (decision 272 says how to fill them).
ALTER TABLE "cfdis" ADD COLUMN "claves_prod_serv" text;
