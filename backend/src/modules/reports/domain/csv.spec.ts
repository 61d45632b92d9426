import { csvCell, csvRecord } from './csv';

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1 555 0100', `"'+1 555 0100"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tcalc', `"'\tcalc"`],
    ['\rcalc', `"'\rcalc"`],
    ['Zoë, "Jr"', `"Zoë, ""Jr"""`],
    ['line one\nline two', `"line one\nline two"`],
    ['plain', `"plain"`],
    ['a=b', `"a=b"`],
  ])('writes %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves missing values empty and ends records with CRLF', () => {
    expect(csvRecord(['a', null, undefined, 3])).toBe('"a",,,"3"\r\n');
  });
});
