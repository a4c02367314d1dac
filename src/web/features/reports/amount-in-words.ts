/**
 * An amount of rupees in words as Indian bills write it (the Indian system: thousand, lakh,
 * crore), for the bill's cover page: 123456.5 → "Rupees One Lakh Twenty-Three Thousand Four
 * Hundred Fifty-Six and Fifty Paise Only". English words: the railway's bills are written in
 * English whatever the screen's language (the cover page shows them only in English).
 */
const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99 in words ('' for 0). */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 ? `${tens}-${ONES[n % 10]}` : tens;
}

/** 0–999 in words ('' for 0). */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = belowHundred(n % 100);
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest].filter(Boolean).join(' ');
}

/** A whole number in words by the Indian system ('Zero' for 0); crores above 99 are counted in words again ("One Hundred Crore"). */
export function wholeInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number of rupees: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [crore ? `${wholeInWords(crore)} Crore` : '', lakh ? `${belowHundred(lakh)} Lakh` : '', thousand ? `${belowHundred(thousand)} Thousand` : '', belowThousand(rest)]
    .filter(Boolean)
    .join(' ');
}

/** Rupees (at most two decimals) in words; a negative amount reads "Minus …". */
export function rupeesInWords(amount: number): string {
  const paise = Math.round(Math.abs(amount) * 100);
  const rupees = Math.floor(paise / 100);
  const cents = paise % 100;
  const words = `Rupees ${wholeInWords(rupees)}${cents ? ` and ${belowHundred(cents)} Paise` : ''} Only`;
  return amount < 0 && paise > 0 ? `Minus ${words}` : words;
}
