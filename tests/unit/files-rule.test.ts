import { describe, expect, it } from 'vitest'
import { assetUrl } from '../../src/lib/asset.ts'
import { checkCertification } from '../../src/lib/rules/certification.ts'
import {
  isOurFile,
  isPrivatePath,
  isPublicUpload,
  isSiteAsset,
  isSiteImage,
} from '../../src/lib/rules/files.ts'
import { checkProfile } from '../../src/lib/rules/profile.ts'
import { isSectionFile } from '../../src/lib/rules/publish.ts'

const hash = '0123456789abcdef0123456789abcdef'

describe('which files a field may name (issue 13)', () => {
  it('tells public uploads, private ones, site assets and anything else apart', () => {
    expect(isPublicUpload(`/uploads/u/01/${hash}.png`)).toBe(true)
    expect(isPrivatePath(`/private/u/01/${hash}.png`)).toBe(true)
    expect(isPrivatePath(`/uploads/u/01/${hash}.png`)).toBe(false)
    expect(isSiteAsset('/uploads/seed/avatar-1.3f9a1c2e07.svg')).toBe(true)
    expect(isSiteAsset(`/uploads/u/01/${hash}.png`)).toBe(false)
    expect(isSiteAsset('/avatar.svg')).toBe(true)
    expect(isSiteImage('/api/Users/GetUsers.png')).toBe(false)
    expect(isSiteImage('/private/seed/cert.svg')).toBe(false)
    for (const bad of [
      'https://tracker.example/p.gif',
      '//tracker.example/p.gif',
      '/private/../portal.db',
      '/uploads/u/../../x.png',
      '/uploads/u/a b.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
    ])
      expect(isOurFile(bad), bad).toBe(false)
  })

  it('takes private mp4 and pdf files for course sections', () => {
    expect(isSectionFile(`/private/u/01/${hash}.mp4`)).toBe(true)
    expect(isSectionFile(`/uploads/u/01/${hash}.pdf`)).toBe(true)
    expect(isSectionFile(`/private/u/01/${hash}.png`)).toBe(false)
    expect(isSectionFile('https://cdn.example/v.mp4')).toBe(false)
  })

  it('refuses an off-site, private or non-image avatar with its own message', () => {
    const form = { nickName: '小周', content: '口腔医生' }
    const avatar = (avatarUrl: string) => checkProfile({ ...form, avatarUrl }).error
    expect(avatar(`/uploads/u/01/${hash}.png`)).toBeNull()
    expect(avatar('/avatar.svg')).toBeNull()
    expect(avatar('https://tracker.example/p.gif')).toBe('头像须为本站上传的图片')
    expect(avatar(`/private/u/01/${hash}.png`)).toBe('头像须为本站上传的图片')
    expect(avatar(`/uploads/u/01/${hash}.pdf`)).toBe('头像须为本站上传的图片')
    expect(avatar('javascript:alert(1)')).toBe('头像地址不正确')
  })

  it('refuses off-site certificate images, naming the field', () => {
    const img = `/private/u/01/${hash}.png`
    const form = { level: 10, recName: '何', recTel: '1', ownerImg: img, allowImg: img, codeImg: img }
    expect(checkCertification(form).error).toBeNull()
    const r = checkCertification({ ...form, allowImg: `${img},https://tracker.example/p.png` })
    expect([r.field, r.error]).toEqual(['allowImg', '医疗机构执业许可证须为本站上传的图片'])
  })

  it('puts private links on the API’s host like uploads', () => {
    expect(assetUrl(`/private/u/01/${hash}.mp4?e=1&s=x`, 'https://api.example.cn')).toBe(
      `https://api.example.cn/private/u/01/${hash}.mp4?e=1&s=x`,
    )
    expect(assetUrl('/avatar.svg', 'https://api.example.cn')).toBe('/avatar.svg')
  })

  it('reads public uploads from the bucket the build names (PUBLIC_FILES_BASE), private links still from the API', () => {
    const cdn = 'https://img.example.cn/'
    expect(assetUrl(`/uploads/u/01/${hash}.png`, 'https://api.example.cn', cdn)).toBe(
      `https://img.example.cn/uploads/u/01/${hash}.png`,
    )
    expect(assetUrl(`/private/u/01/${hash}.mp4?e=1&s=x`, '', cdn)).toBe(`/private/u/01/${hash}.mp4?e=1&s=x`)
    expect(assetUrl('/avatar.svg', '', cdn)).toBe('/avatar.svg')
    expect(assetUrl(`/uploads/u/01/${hash}.png`, '', '')).toBe(`/uploads/u/01/${hash}.png`)
  })
})
