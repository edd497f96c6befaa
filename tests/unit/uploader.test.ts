import { describe, expect, it } from 'vitest'
import {
  acceptOf,
  checkFileType,
  checkStoredType,
  defaultHint,
  defaultMaxMb,
  fileNameOf,
  IMAGE_KINDS,
  isVideoFile,
  kindOfPath,
  MATERIAL_KINDS,
  MEDIA_KINDS,
  matchesAccept,
  movedTo,
  moveWrapped,
  overallProgress,
  percentOf,
  sizeRefusal,
  toVideoMeta,
  typeRefusal,
} from '../../src/islands/common/upload-files.ts'
import { SECTION_FILE_MAX_MB, UPLOAD_HINT_MAX_MB } from '../../src/lib/constants.ts'

const file = (name: string, type = '') => ({ name, type })

describe('moveWrapped', () => {
  it('swaps neighbours inside the list', () => {
    expect(moveWrapped(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moveWrapped(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b'])
    expect(moveWrapped(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b'])
  })

  it('wraps: the last moved down becomes the first, the first moved up the last', () => {
    expect(moveWrapped(['a', 'b', 'c'], 2, 1)).toEqual(['c', 'a', 'b'])
    expect(moveWrapped(['a', 'b', 'c'], 0, -1)).toEqual(['b', 'c', 'a'])
    expect(moveWrapped(['a', 'b'], 1, 1)).toEqual(['b', 'a'])
    expect(movedTo(2, 1, 3)).toBe(0)
    expect(movedTo(0, -1, 3)).toBe(2)
  })

  it('leaves a short list or an index out of range as it was, and never changes its input', () => {
    const list = ['a', 'b']
    expect(moveWrapped(['a'], 0, 1)).toEqual(['a'])
    expect(moveWrapped(list, 5, 1)).toEqual(['a', 'b'])
    moveWrapped(list, 0, 1)
    expect(list).toEqual(['a', 'b'])
  })
})

describe('accepted types', () => {
  it('images by default: png, jpeg, jpg and gif ("jif" in the spec)', () => {
    expect(acceptOf(IMAGE_KINDS)).toBe('.png,.jpeg,.jpg,.gif,image/png,image/jpeg,image/gif')
    expect(acceptOf(MEDIA_KINDS)).toBe('.mp4,.pdf,video/mp4,application/pdf')
    const images = acceptOf(IMAGE_KINDS)
    for (const name of ['a.png', 'a.JPG', 'a.jpeg', 'a.gif'])
      expect(matchesAccept(images, file(name))).toBe(true)
    expect(matchesAccept(images, file('a.webp', 'image/webp'))).toBe(false)
    expect(matchesAccept(images, file('a.pdf', 'application/pdf'))).toBe(false)
  })

  it('matches by name or by MIME type, as the picker does', () => {
    const media = acceptOf(MEDIA_KINDS)
    expect(matchesAccept(media, file('lesson.MP4'))).toBe(true)
    expect(matchesAccept(media, file('blob', 'video/mp4'))).toBe(true)
    expect(matchesAccept(media, file('notes.pdf', 'application/pdf'))).toBe(true)
    expect(matchesAccept(media, file('clip.mov', 'video/quicktime'))).toBe(false)
    expect(matchesAccept('image/*', file('x', 'image/webp'))).toBe(true)
    expect(matchesAccept('', file('any.exe'))).toBe(true)
  })

  it('refuses another type with a message naming what is allowed', () => {
    expect(checkFileType(acceptOf(MEDIA_KINDS), file('a.png', 'image/png'))).toBe('仅支持上传mp4或pdf文件')
    expect(checkFileType(acceptOf(IMAGE_KINDS), file('a.txt', 'text/plain'))).toBe(
      '仅支持上传png、jpeg、jpg或gif图片',
    )
    expect(checkFileType(acceptOf(MATERIAL_KINDS), file('a.mp4', 'video/mp4'))).toBe(
      '仅支持上传png、jpeg、jpg、gif或pdf文件',
    )
    expect(checkFileType(acceptOf(MEDIA_KINDS), file('a.pdf'))).toBeNull()
    // An accept string a caller wrote itself (the complaint form's) reads the same way.
    expect(typeRefusal('.png,.jpeg,.jpg,.gif,.pdf,image/png,application/pdf')).toBe(
      '仅支持上传png、jpeg、jpg、gif或pdf文件',
    )
    expect(typeRefusal('image/*')).toBe('仅支持上传图片')
    // What the server stored, named by its bytes: a PDF picked as a.png is refused as the pick would be.
    expect(checkStoredType(acceptOf(IMAGE_KINDS), '/uploads/u/1/ab.pdf')).toBe(
      '仅支持上传png、jpeg、jpg或gif图片',
    )
    expect(checkStoredType(acceptOf(IMAGE_KINDS), '/uploads/u/1/ab.webp')).toBeNull()
    expect(checkStoredType(acceptOf(MEDIA_KINDS), '/private/u/1/ab.png')).toBe('仅支持上传mp4或pdf文件')
    expect(checkStoredType(acceptOf(MATERIAL_KINDS), '/uploads/u/1/ab.jpg')).toBeNull()
    expect(typeRefusal('video/*')).toBe('不支持上传此类型的文件')
  })
})

describe('limits and hints', () => {
  it('course section files (a use with video) default to 2GB, images and materials to 2MB', () => {
    expect(SECTION_FILE_MAX_MB).toBe(2048)
    expect(defaultMaxMb(MEDIA_KINDS)).toBe(SECTION_FILE_MAX_MB)
    expect(defaultMaxMb(IMAGE_KINDS)).toBe(UPLOAD_HINT_MAX_MB)
    expect(defaultMaxMb(MATERIAL_KINDS)).toBe(UPLOAD_HINT_MAX_MB)
  })

  it('the hint and the refusal say the limit', () => {
    expect(sizeRefusal(SECTION_FILE_MAX_MB)).toBe('文件须小于2GB')
    expect(sizeRefusal(4)).toBe('文件须小于4MB')
    expect(defaultHint(MEDIA_KINDS, SECTION_FILE_MAX_MB)).toBe('文件须小于2GB，支持mp4或pdf')
    expect(defaultHint(IMAGE_KINDS, 2)).toBe('图片大小须小于2MB')
    expect(defaultHint(MATERIAL_KINDS, 2)).toBe('文件须小于2MB，支持图片或pdf')
  })
})

describe('kinds of stored paths', () => {
  it('tells image, video, pdf and other files apart by extension', () => {
    expect(kindOfPath('/uploads/u/202601/ab.png')).toBe('image')
    expect(kindOfPath('/uploads/u/202601/ab.JPG')).toBe('image')
    // The seed's avatars are SVG: shown as the picture, not a 文件 badge (issue 19).
    expect(kindOfPath('/uploads/seed/avatar-1.3f9a1c2e07.svg')).toBe('image')
    expect(kindOfPath('/avatar.svg?v=1')).toBe('image')
    expect(kindOfPath('/uploads/u/202601/ab.mp4')).toBe('video')
    expect(kindOfPath('/uploads/u/202601/ab.pdf?x=1')).toBe('pdf')
    expect(kindOfPath('/uploads/u/202601/ab')).toBe('file')
    expect(fileNameOf('/uploads/u/202601/ab.pdf')).toBe('ab.pdf')
  })

  it('knows a picked video by its type or name', () => {
    expect(isVideoFile(file('a.mp4'))).toBe(true)
    expect(isVideoFile(file('clip', 'video/mp4'))).toBe(true)
    expect(isVideoFile(file('a.pdf', 'application/pdf'))).toBe(false)
  })
})

describe('progress', () => {
  it('adds the files done to the share of the current one', () => {
    expect(overallProgress(0, 1, 0.5)).toBe(0.5)
    expect(overallProgress(1, 2, 0.5)).toBe(0.75)
    expect(overallProgress(2, 2, 0)).toBe(1)
    expect(overallProgress(0, 0, 1)).toBe(0)
    expect(overallProgress(0, 2, Number.NaN)).toBe(0)
    expect(overallProgress(0, 1, 3)).toBe(1)
  })

  it('shows whole percentages between 0 and 100', () => {
    expect(percentOf(0.456)).toBe(46)
    expect(percentOf(-1)).toBe(0)
    expect(percentOf(2)).toBe(100)
    expect(percentOf(Number.NaN)).toBe(0)
  })
})

describe('toVideoMeta', () => {
  it('rounds the duration to whole seconds and keeps the size', () => {
    expect(toVideoMeta(12.6, 1280, 720)).toEqual({ duration: 13, width: 1280, height: 720 })
    expect(toVideoMeta(12.4, 0, 0)).toEqual({ duration: 12, width: 0, height: 0 })
  })

  it('is null when the length is unknown', () => {
    expect(toVideoMeta(Number.POSITIVE_INFINITY, 640, 360)).toBeNull()
    expect(toVideoMeta(Number.NaN, 640, 360)).toBeNull()
  })
})
