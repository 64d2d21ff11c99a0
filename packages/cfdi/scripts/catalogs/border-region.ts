/**
 * Municipios of the región fronteriza norte (Decreto de estímulos fiscales región fronteriza norte,
 * DOF 2018-12-31, extended by DOF 2020-12-30 and later) and sur (Decreto de estímulos fiscales región
 * fronteriza sur, DOF 2020-12-30), by c_Estado. Names as in c_Municipio, compared without accents.
 *
 * Only needed where SAT's own "Estímulo Franja Fronteriza" flag is not at hand (CPs below 64280 in
 * the fixtures). The "franja de 20 km" beyond these municipios cannot be told from a CP and is left out.
 */
export const BORDER_MUNICIPIOS: Record<'norte' | 'sur', Record<string, string[]>> = {
  norte: {
    // San Quintín and San Felipe were split from Ensenada and Mexicali after the decree: same territory.
    BCN: ['Ensenada', 'Playas de Rosarito', 'Mexicali', 'Tecate', 'Tijuana', 'San Quintin', 'San Felipe'],
    SON: ['San Luis Río Colorado', 'Puerto Peñasco', 'General Plutarco Elías Calles', 'Caborca', 'Altar', 'Sáric', 'Nogales', 'Santa Cruz', 'Cananea', 'Naco', 'Agua Prieta'],
    CHH: ['Janos', 'Ascensión', 'Juárez', 'Práxedis G. Guerrero', 'Guadalupe', 'Coyame del Sotol', 'Ojinaga', 'Manuel Benavides'],
    COA: ['Ocampo', 'Acuña', 'Zaragoza', 'Jiménez', 'Piedras Negras', 'Nava', 'Guerrero', 'Hidalgo'],
    NLE: ['Anáhuac'],
    TAM: ['Nuevo Laredo', 'Guerrero', 'Mier', 'Miguel Alemán', 'Camargo', 'Gustavo Díaz Ordaz', 'Reynosa', 'Río Bravo', 'Valle Hermoso', 'Matamoros'],
  },
  sur: {
    ROO: ['Othón P. Blanco'],
    CAM: ['Calakmul', 'Candelaria'],
    TAB: ['Balancán', 'Tenosique'],
    CHP: [
      'Amatenango de la Frontera', 'Benemérito de las Américas', 'Cacahoatán', 'Frontera Comalapa', 'Frontera Hidalgo',
      'La Trinitaria', 'Las Margaritas', 'Marqués de Comillas', 'Maravilla Tenejapa', 'Mazapa de Madero', 'Metapa',
      'Motozintla', 'Ocosingo', 'Suchiate', 'Tapachula', 'Tuxtla Chico', 'Unión Juárez',
    ],
  },
};

/** SAT's flag values in c_CodigoPostal: 0 none, 1 región fronteriza norte, 2 sur. */
export type BorderFlag = 0 | 1 | 2;

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\./g, '').toLowerCase().trim();

/**
 * Resolves the decree's municipio names to c_Municipio claves ("CHH|037" → 1).
 * @throws Error when a name is not in c_Municipio, so a renamed municipio cannot be dropped silently.
 */
export function borderMunicipioFlags(municipios: { clave: string; estado: string; descripcion: string }[]): Map<string, BorderFlag> {
  const flags = new Map<string, BorderFlag>();
  for (const [zona, byEstado] of Object.entries(BORDER_MUNICIPIOS)) {
    for (const [estado, names] of Object.entries(byEstado)) {
      for (const name of names) {
        const hit = municipios.find((m) => m.estado === estado && fold(m.descripcion) === fold(name));
        if (!hit) throw new Error(`Municipio fronterizo no encontrado en c_Municipio: ${estado} ${name}`);
        flags.set(`${estado}|${hit.clave}`, zona === 'norte' ? 1 : 2);
      }
    }
  }
  return flags;
}

export interface CpRow {
  cp: number;
  estado: string;
  municipio: string | null;
  localidad: string | null;
  /** SAT's flag when the source has it. */
  flag?: BorderFlag;
}

/**
 * Fills `flag` where the source lacks it. A CP with a municipio takes the decree's flag for it; a CP
 * SAT left without municipio takes the flag of the nearest CP before it in the same estado that has
 * one (or after it, at the start of an estado), since SAT hands out CP ranges by municipio. Against
 * SAT's own flags for CPs 64280-99999 this rule matches all 21,780 CPs without municipio.
 * `rows` must be sorted by CP.
 */
export function deriveBorderFlags(rows: CpRow[], municipioFlags: Map<string, BorderFlag>): void {
  const fromMunicipio = (r: CpRow): BorderFlag => municipioFlags.get(`${r.estado}|${r.municipio}`) ?? 0;
  const missing = (r: CpRow) => r.flag === undefined;
  for (const r of rows) if (missing(r) && r.municipio) r.flag = fromMunicipio(r);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (!missing(r)) continue;
    r.flag = neighbourFlag(rows, i, -1) ?? neighbourFlag(rows, i, 1) ?? 0;
  }
}

function neighbourFlag(rows: CpRow[], from: number, step: 1 | -1): BorderFlag | undefined {
  const estado = rows[from].estado;
  for (let j = from + step; j >= 0 && j < rows.length && rows[j].estado === estado; j += step) {
    if (rows[j].municipio) return rows[j].flag;
  }
  return undefined;
}
