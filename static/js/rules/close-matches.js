/* Python's difflib.get_close_matches(word, possibilities, n=1, cutoff=0.6), which the
   notation uses to suggest the token that was meant ("kreu" → "kreuz"): the same
   SequenceMatcher ratio on code points, the same tie-break (the larger word wins). */

function longestMatch(a, b, b2j, alo, ahi, blo, bhi) {
  let besti = alo;
  let bestj = blo;
  let bestsize = 0;
  let j2len = new Map();
  for (let i = alo; i < ahi; i += 1) {
    const next = new Map();
    for (const j of b2j.get(a[i]) || []) {
      if (j < blo) {
        continue;
      }
      if (j >= bhi) {
        break;
      }
      const k = (j2len.get(j - 1) || 0) + 1;
      next.set(j, k);
      if (k > bestsize) {
        besti = i - k + 1;
        bestj = j - k + 1;
        bestsize = k;
      }
    }
    j2len = next;
  }
  while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) {
    besti -= 1;
    bestj -= 1;
    bestsize += 1;
  }
  while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) {
    bestsize += 1;
  }
  return [besti, bestj, bestsize];
}

/* Where each element of ``b`` occurs; long sequences drop their popular elements, as
   difflib's "autojunk" does. */
function positions(b) {
  const b2j = new Map();
  b.forEach((item, index) => {
    if (!b2j.has(item)) {
      b2j.set(item, []);
    }
    b2j.get(item).push(index);
  });
  if (b.length >= 200) {
    const limit = Math.floor(b.length / 100) + 1;
    [...b2j.keys()].forEach((item) => {
      if (b2j.get(item).length > limit) {
        b2j.delete(item);
      }
    });
  }
  return b2j;
}

export function ratio(first, second) {
  const a = Array.from(first);
  const b = Array.from(second);
  const b2j = positions(b);
  let matches = 0;
  const queue = [[0, a.length, 0, b.length]];
  while (queue.length) {
    const [alo, ahi, blo, bhi] = queue.pop();
    const [i, j, k] = longestMatch(a, b, b2j, alo, ahi, blo, bhi);
    if (k) {
      matches += k;
      if (alo < i && blo < j) {
        queue.push([alo, i, blo, j]);
      }
      if (i + k < ahi && j + k < bhi) {
        queue.push([i + k, ahi, j + k, bhi]);
      }
    }
  }
  const total = a.length + b.length;
  return total ? (2 * matches) / total : 1;
}

export function closestMatch(word, possibilities, cutoff) {
  let best = null;
  possibilities.forEach((candidate) => {
    const score = ratio(candidate, word);
    if (score < cutoff) {
      return;
    }
    if (best === null || score > best[0] || (score === best[0] && candidate > best[1])) {
      best = [score, candidate];
    }
  });
  return best ? best[1] : null;
}
