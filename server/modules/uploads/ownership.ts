/**
 * Whose files a field may name (issue 13): a path is not a permission. A profile, certification
 * or article field takes the caller's own uploads (user_uploads), the site's public assets (the
 * seed's files, the site's own images), and what the same record already holds (an edit that
 * keeps its cover); nothing of another user's and nothing from another site.
 */
import { isImagePath, isPrivatePath, isSiteAsset } from '../../../src/lib/rules/files.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { ownedPaths } from './uploads.queries.ts'

/** One field's files: named for the refusal, and what they must be. */
export interface FileField {
  /** As the form says it: 头像, 营业执照, 课程封面, 第2节的课程内容 … */
  label: string
  paths: readonly string[]
  /** Images only (avatars, certificates, covers), else any kind we store. */
  image?: boolean
  /** Certification scans: must have been uploaded as private (purpose=private). */
  private?: boolean
}

/**
 * Refuses the first field naming a file the caller may not use, with a message naming the field:
 * 头像须为您本人上传的图片, 营业执照须以私密方式重新上传 …
 * await requireOwnFiles(db, 7, [{ label: '头像', paths: [avatar], image: true }], [currentAvatar])
 */
export async function requireOwnFiles(
  db: Db,
  userId: number,
  fields: readonly FileField[],
  keep: Iterable<string> = [],
) {
  const kept = new Set(keep)
  const asked = fields.flatMap((f) => f.paths).filter((p) => !kept.has(p) && !isSiteAsset(p))
  const owned = await ownedPaths(db, userId, asked)
  for (const f of fields) {
    const noun = f.image ? '图片' : '文件'
    for (const p of f.paths) {
      if (kept.has(p) || isSiteAsset(p)) continue
      if (!owned.has(p)) throw refuse(`${f.label}须为您本人上传的${noun}`)
      // Their own upload, of the wrong kind: say so, not that it is someone else's.
      if (f.image && !isImagePath(p)) throw refuse(`${f.label}只能是png、jpg、gif或webp格式的图片`)
      // A scan uploaded to the public tree has a public URL already: it must come again, privately.
      if (f.private && !isPrivatePath(p)) throw refuse(`${f.label}须以私密方式重新上传`)
    }
  }
}
