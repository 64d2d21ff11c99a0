import { foldText, tokenize, tokenizeFolded } from './text';

/** A catalog entry to index: its description and, optionally, synonyms (SAT's palabras similares, a symbol). */
export interface SearchDoc {
  clave: string;
  descripcion: string;
  similares?: string;
  /** Added to the score of any match, to lift entries most CFDI use. */
  boost?: number;
}

/** A search result. */
export interface SearchHit {
  clave: string;
  descripcion: string;
}

// A posting packs doc, field and word position into one int: doc * 256 + field * 128 + position.
const SYNONYM_FIELD = 128;
const MAX_POSITION = 127;
const PREFIX_MIN = 3;
const PREFIX_WEIGHT = 0.8;
const SYNONYM_WEIGHT = 0.6;

/**
 * In-memory inverted index over a catalog. Queries match claves (exact, then by prefix when the query
 * is all digits) and words, ignoring case and accents. Results rank by how many query words they
 * match (a word may match a prefix of an indexed word, or a synonym at a lower weight), then by how
 * early the words appear, then by shorter descriptions.
 */
export class SearchIndex {
  private readonly docs: SearchDoc[];
  private readonly byClave = new Map<string, number>();
  private readonly sortedClaves: string[];
  private readonly terms: string[];
  private readonly postings: Int32Array[];
  private readonly lengths: Uint8Array;
  private readonly folded: string[];
  private readonly scores: Float64Array;
  private readonly best: Float64Array;
  private readonly matched: Uint32Array;

  constructor(docs: SearchDoc[]) {
    this.docs = docs;
    if (docs.length > 0x7fffff) throw new Error('Catálogo demasiado grande para el índice');
    this.lengths = new Uint8Array(docs.length);
    this.folded = docs.map((doc) => foldText(doc.descripcion));
    const lists = new Map<string, number[]>();
    const add = (term: string, value: number) => {
      const list = lists.get(term);
      if (list) list.push(value);
      else lists.set(term, [value]);
    };
    docs.forEach((doc, d) => {
      this.byClave.set(doc.clave.toUpperCase(), d);
      const words = tokenizeFolded(this.folded[d]);
      this.lengths[d] = Math.min(words.length, 255);
      const seen = new Set<string>();
      words.forEach((w, pos) => {
        if (seen.has(w)) return;
        seen.add(w);
        add(w, d * 256 + Math.min(pos, MAX_POSITION));
      });
      for (const w of new Set(tokenize(doc.similares ?? ''))) if (!seen.has(w)) add(w, d * 256 + SYNONYM_FIELD);
    });
    this.terms = [...lists.keys()].sort();
    this.postings = this.terms.map((t) => Int32Array.from(lists.get(t)!));
    this.sortedClaves = docs.map((d) => d.clave.toUpperCase()).sort();
    this.scores = new Float64Array(docs.length);
    this.best = new Float64Array(docs.length);
    this.matched = new Uint32Array(docs.length);
  }

  /** Number of indexed entries. */
  get size(): number {
    return this.docs.length;
  }

  /** Number of distinct indexed words. */
  get vocabularySize(): number {
    return this.terms.length;
  }

  /** Best matches for `query`, at most `limit`. An empty or stop-word-only query gives no results. */
  search(query: string, limit = 20): SearchHit[] {
    const max = Math.max(0, Math.floor(limit));
    if (max === 0) return [];
    const hits: number[] = [];
    const taken = new Set<number>();
    const push = (d: number) => {
      if (!taken.has(d) && hits.length < max) {
        taken.add(d);
        hits.push(d);
      }
    };
    const compact = query.trim().toUpperCase().replace(/\s+/g, '');
    const exact = this.byClave.get(compact);
    if (exact !== undefined) push(exact);
    if (/^\d+$/.test(compact)) {
      for (const clave of this.clavesWithPrefix(compact, max)) push(this.byClave.get(clave)!);
      return this.toHits(hits);
    }
    for (const d of this.searchWords(query, max)) push(d);
    return this.toHits(hits);
  }

  private toHits(ds: number[]): SearchHit[] {
    return ds.map((d) => ({ clave: this.docs[d].clave, descripcion: this.docs[d].descripcion }));
  }

  private clavesWithPrefix(prefix: string, max: number): string[] {
    const out: string[] = [];
    for (let i = lowerBound(this.sortedClaves, prefix); i < this.sortedClaves.length && out.length < max; i++) {
      if (!this.sortedClaves[i].startsWith(prefix)) break;
      out.push(this.sortedClaves[i]);
    }
    return out;
  }

  private searchWords(query: string, max: number): number[] {
    const words = [...new Set(tokenize(query))].slice(0, 32);
    if (words.length === 0) return [];
    const { scores, best, matched } = this;
    const touched: number[] = [];
    words.forEach((word, qi) => {
      const tokenTouched: number[] = [];
      for (const { index, weight } of this.termsFor(word)) {
        const list = this.postings[index];
        for (let k = 0; k < list.length; k++) {
          const p = list[k];
          const d = p >>> 8;
          const slot = p & 255;
          const value = slot >= SYNONYM_FIELD ? weight * SYNONYM_WEIGHT : weight * (1 + 0.5 / (1 + slot));
          if (best[d] === 0) tokenTouched.push(d);
          if (value > best[d]) best[d] = value;
        }
      }
      for (const d of tokenTouched) {
        if (matched[d] === 0) touched.push(d);
        matched[d] |= 1 << qi;
        scores[d] += best[d];
        best[d] = 0;
      }
    });
    const folded = foldText(query);
    const rank = (d: number) => {
      const doc = this.docs[d];
      const text = this.folded[d];
      const phrase = text === folded ? 4 : text.startsWith(folded) ? 1 : 0;
      return popcount(matched[d]) * 100 + scores[d] + phrase + (doc.boost ?? 0) - this.lengths[d] * 0.01;
    };
    const top = topK(touched, max, rank, (d) => this.docs[d].clave);
    for (const d of touched) {
      scores[d] = 0;
      matched[d] = 0;
    }
    return top;
  }

  /** The indexed terms a query word matches: itself, and (for 3+ letters) words it is a prefix of. */
  private termsFor(word: string): { index: number; weight: number }[] {
    const out: { index: number; weight: number }[] = [];
    const at = lowerBound(this.terms, word);
    if (this.terms[at] === word) out.push({ index: at, weight: 1 });
    if (word.length >= PREFIX_MIN) {
      for (let i = at; i < this.terms.length && this.terms[i].startsWith(word); i++) {
        if (this.terms[i] !== word) out.push({ index: i, weight: PREFIX_WEIGHT });
      }
    }
    return out;
  }
}

function lowerBound(sorted: string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function popcount(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The `k` items with the highest rank (ties by key), without sorting everything. */
function topK(items: number[], k: number, rank: (d: number) => number, key: (d: number) => string): number[] {
  const top: { d: number; r: number }[] = [];
  const better = (a: { d: number; r: number }, b: { d: number; r: number }) => a.r > b.r || (a.r === b.r && key(a.d) < key(b.d));
  for (const d of items) {
    const item = { d, r: rank(d) };
    if (top.length === k && !better(item, top[k - 1])) continue;
    let i = top.length < k ? top.length : k - 1;
    if (top.length < k) top.push(item);
    while (i > 0 && better(item, top[i - 1])) {
      top[i] = top[i - 1];
      i--;
    }
    top[i] = item;
  }
  return top.map((x) => x.d);
}
