import zlib from 'node:zlib';

// Workbooks built byte by byte, for the shapes no spreadsheet program writes: zip bombs, lying directories.

type Entry = { name: string; data: Buffer; declared?: number };

// A zip (deflate) of the entries; `declared` replaces an entry's inflated size in both of its headers (a lie).
export function zipOf(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const packed = zlib.deflateRawSync(e.data, { level: 9 });
    const name = Buffer.from(e.name);
    const size = e.declared ?? e.data.length;
    const crc = zlib.crc32(e.data);
    // Both headers carry the CRC-32, the packed and inflated sizes and the name's length, in that order.
    const sizes = (header: Buffer, at: number) => {
      header.writeUInt32LE(crc, at);
      header.writeUInt32LE(packed.length, at + 4);
      header.writeUInt32LE(size, at + 8);
      header.writeUInt16LE(name.length, at + 12);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    sizes(local, 14);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    sizes(central, 16);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

// A workbook whose one sheet holds `rows` (XML of <row> elements) after a header row: the SMS template's unless
// `header` is given.
export function workbookOf(rowsXml: Buffer | string, opts: { declared?: number; header?: string[] } = {}): Buffer {
  const header = opts.header ?? ['Mobile', 'Region', 'Variables'];
  const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const head = Buffer.from(
    `<worksheet ${NS}><sheetData><row r="1">` +
      header.map((h) => `<c t="inlineStr"><is><t>${esc(h)}</t></is></c>`).join('') +
      '</row>',
  );
  const sheet = Buffer.concat([
    head,
    Buffer.isBuffer(rowsXml) ? rowsXml : Buffer.from(rowsXml),
    Buffer.from('</sheetData></worksheet>'),
  ]);
  return zipOf([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(`<workbook ${NS} ${REL}><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet, declared: opts.declared },
  ]);
}

// A zip bomb shaped as the one of issue 38: a sheet of `megabytes` MB of empty rows, packed about a thousand to one.
export const emptyRowsBomb = (megabytes: number, opts: { declared?: number } = {}) =>
  workbookOf(Buffer.alloc(megabytes * 1024 * 1024, '<row/>'), opts);
