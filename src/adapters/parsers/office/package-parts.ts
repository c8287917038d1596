import { CorruptFileError } from '../../../core/errors.ts';
import { attribute, children, descendants, parseXml } from './xml.ts';
import { resolvePartPath, type ZipArchive } from './zip-archive.ts';

/** A part's relationships (its `_rels/*.rels`): targets by id, and each with its type. */
export interface Relationships {
  byId: Map<string, string>;
  list: { id: string; type: string; target: string; external: boolean }[];
}

/** The relationships of a part of an Open Packaging (Office Open XML) file; none when absent. */
export function relationships(path: string, archive: ZipArchive, part: string): Relationships {
  const folder = part.includes('/') ? part.slice(0, part.lastIndexOf('/') + 1) : '';
  const relsPart = `${folder}_rels/${part.slice(folder.length)}.rels`;
  const xml = archive.text(relsPart);
  const result: Relationships = { byId: new Map(), list: [] };
  if (xml === undefined) return result;
  for (const relationship of children(parseXml(path, relsPart, xml), 'Relationship')) {
    const id = attribute(relationship, 'Id') ?? '';
    const external = attribute(relationship, 'TargetMode') === 'External';
    const rawTarget = attribute(relationship, 'Target') ?? '';
    const target = external ? rawTarget : resolvePartPath(part, rawTarget);
    result.byId.set(id, target);
    result.list.push({ id, type: attribute(relationship, 'Type') ?? '', target, external });
  }
  return result;
}

/** The targets of a part's relationships whose type ends with `/kind` ("/notesSlide"). */
export function relatedParts(relations: Relationships, kind: string): string[] {
  return relations.list
    .filter((relation) => !relation.external && relation.type.endsWith(`/${kind}`))
    .map((relation) => relation.target);
}

/**
 * The package's main part as its root relationships name it (`officeDocument`), else the part a
 * standard file has; CorruptFileError when it is missing.
 */
export function mainPart(path: string, archive: ZipArchive, standard: string): string {
  const named = relatedParts(relationships(path, archive, ''), 'officeDocument')[0];
  const part = named !== undefined && archive.has(named) ? named : standard;
  if (!archive.has(part)) {
    throw new CorruptFileError(path, `its main part (${standard}) is missing`);
  }
  return part;
}

/** The title in docProps/core.xml (dc:title), when it has one. */
export function coreTitle(path: string, archive: ZipArchive): string | undefined {
  const xml = archive.text('docProps/core.xml');
  if (xml === undefined) return undefined;
  const title = descendants(parseXml(path, 'docProps/core.xml', xml), 'title')[0];
  const text = title?.textContent?.replace(/\s+/g, ' ').trim();
  return text || undefined;
}
