import { describe, expect, it } from 'vitest';
import { splitStatements, splitTokens } from '../../local-supabase/src/db/sql-split.ts';

/** The Supabase CLI's own cases (pkg/parser/state_test.go checkSplit): joined, the input splits back into them. */
const CLI_CASES: Record<string, string[]> = {
  'line comment after separator': ['END;', '-- comment'],
  'line comment before separator': ['SELECT --; 1'],
  'line comment not started': ['- ;', 'END'],
  'line comment between lines': ['-- /* \n;', ' */ END'],
  'block comment contains separator': ['SELECT /* ; */ 1;'],
  'nested block comment': ['SELECT /*; /*;*/ ;*/ 1'],
  'block comment not started': ['/ * ;', ' */ END'],
  'separator without spaces': [';', 'END;', ';'],
  'separator between spaces': ['BEGIN   ;', '  END'],
  'backslash-escaped separator': ['\\;;', '\\;'],
  'named dollar tag': ['$tag$ any ; string$tag$'],
  'anonymous dollar tag': ['$$"Dane\'s horse"$$'],
  'dollar quote not started': ['SELECT "$";', ' $$'],
  'single quote escapes separator': ["SELECT ';' 1"],
  'single quote preserves doubled quote': ["SELECT ';'';' 1"],
  'single quote literal backslash': ["SELECT '\\';", " 1'"],
  'double quote escapes separator': ['CREATE POLICY "cats;dogs" on cats_dogs;', ' END'],
  'double quote preserves single quote': [`CREATE POLICY "cat's and dog's" on cats_dogs;`, ' END'],
  'double quote preserves double quote': ['CREATE POLICY "pet""name" on pets;', ' END'],
  parentheses: ['CREATE RULE notify_me AS ON UPDATE TO mytable DO (NOTIFY mytable; SELECT "1");', 'SELECT 1'],
  'parentheses ignore literals': [
    "CREATE RULE notify_me AS ON UPDATE TO mytable DO (-- )\nSELECT ')';\n-- )\n)\n",
  ],
  'begin atomic body': [
    "CREATE FUNCTION add(a integer, b integer) RETURNS integer\nLANGUAGE SQL\nIMMUTABLE STRICT PARALLEL SAFE\nRETURNS NULL ON NULL INPUT\nBEGIN ATOMIC\n\tSELECT 'add';\n\tSELECT a + b;\nEND;",
  ],
  'begin atomic in lower case': ["begin atomic; select 'end'; end"],
  'begin atomic ignores literals': ['CREATE FUNCTION test() BEGIN\nATOMIC-- END;\n-- END;\nEND\n;'],
  ...Object.fromEntries(
    ['fn_atomic', 'atomic_fn', 'my_atomic_thing', 'xatomicx', 'fn_ATomiC'].map((name) => [
      `atomic inside the identifier ${name}`,
      [
        `CREATE OR REPLACE FUNCTION ${name}()\nRETURNS void LANGUAGE plpgsql AS $$\nBEGIN\n  NULL;\nEND;\n$$;`,
        '\nSELECT 1;',
      ],
    ]),
  ),
  'schema-qualified atomic function name': [
    'CREATE OR REPLACE FUNCTION public.atomic_example()\nRETURNS INTEGER\nLANGUAGE plpgsql\nAS $$\nBEGIN\n  RETURN 1;\nEND;\n$$;',
    '\nGRANT EXECUTE ON FUNCTION public.atomic_example() TO authenticated;',
  ],
};

describe('SQL statements split as the Supabase CLI splits them', () => {
  it.each(Object.entries(CLI_CASES))('%s', (_name, tokens) => {
    expect(splitTokens(tokens.join(''))).toEqual(tokens);
  });

  it('trims as SplitAndTrim does and knows where each statement starts in the file', () => {
    const sql = "  -- first\nselect 1;;\n\n\tselect 'two;' ;  \n \n";
    const statements = splitStatements(sql);
    expect(statements.map((s) => s.text)).toEqual(['-- first\nselect 1', "select 'two;'"]);
    for (const s of statements) expect(sql.slice(s.offset, s.offset + s.text.length)).toBe(s.text);
  });
});
