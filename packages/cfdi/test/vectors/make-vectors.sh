#!/bin/sh
# Regenerates the golden cadenas of packages/cfdi/test/vectors with real xsltproc and SAT's
# stylesheets. Needs xsltproc (apt-get install -y xsltproc) — CI does not: the outputs are
# committed. Each NAME.xml gets NAME.cadena.txt, byte for byte what xsltproc prints (no
# trailing newline, like the fixtures). The stylesheet is chosen by the file name prefix:
#   cfdi40-*  cadenaoriginal_4_0.xslt      cfdi33-*  cadenaoriginal_3_3.xslt
#   retenciones20-*  retenciones.xslt      tfd11-*   cadenaoriginal_TFD_1_1.xslt
#
#   sh packages/cfdi/test/vectors/make-vectors.sh [satXmlRoot]
#
# satXmlRoot defaults to fixtures/sat-xml (the folder holding www.sat.gob.mx/).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../../.." && pwd)
sat=${1:-$repo/fixtures/sat-xml}
cfd=$sat/www.sat.gob.mx/sitio_internet/cfd

command -v xsltproc >/dev/null || { echo "xsltproc no está instalado" >&2; exit 1; }

(cd "$repo" && npx tsx packages/cfdi/test/vectors/make-synthetic.ts)

n=0
for xml in "$here"/*.xml "$here"/synthetic/*.xml; do
  [ -e "$xml" ] || continue
  case $(basename "$xml") in
    cfdi40-*) xslt=$cfd/4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt ;;
    cfdi33-*) xslt=$cfd/3/cadenaoriginal_3_3/cadenaoriginal_3_3.xslt ;;
    retenciones20-*) xslt=$sat/www.sat.gob.mx/esquemas/retencionpago/2/retenciones.xslt ;;
    tfd11-*) xslt=$cfd/TimbreFiscalDigital/cadenaoriginal_TFD_1_1.xslt ;;
    *) echo "sin hoja XSLT para $(basename "$xml") (use el prefijo cfdi40-, cfdi33-, retenciones20- o tfd11-)" >&2; exit 1 ;;
  esac
  # SAT's stylesheets declare version 2.0; xsltproc warns (two lines per stylesheet) and runs
  # them in forwards-compatible mode. Only that warning is silenced; anything else fails.
  out=${xml%.xml}.cadena.txt
  xsltproc --nonet "$xslt" "$xml" >"$out" 2>"$out.err" || { cat "$out.err" >&2; exit 1; }
  if grep -v -e 'only 1.1 features are supported' -e '^compilation error: file .* element stylesheet$' "$out.err" | grep -q .; then
    cat "$out.err" >&2
    exit 1
  fi
  rm -f "$out.err"
  n=$((n + 1))
done
echo "$n cadenas generadas con xsltproc"
