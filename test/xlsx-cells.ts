import * as XLSX from '@e965/xlsx';

/** The first sheet of an .xlsx as rows of cells (title row, header row, rows…; number formats kept: cellNF). */
export function sheetCells(bytes: Buffer): XLSX.CellObject[][] {
  const book = XLSX.read(bytes, { type: 'buffer', cellNF: true });
  const ws = book.Sheets[book.SheetNames[0]!]!;
  const range = XLSX.utils.decode_range(ws['!ref']!);
  const rows: XLSX.CellObject[][] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const row: XLSX.CellObject[] = [];
    for (let c = range.s.c; c <= range.e.c; c++) row.push(ws[XLSX.utils.encode_cell({ r, c })] ?? ({ t: 'z' } as XLSX.CellObject));
    rows.push(row);
  }
  return rows;
}
