import { type Checked, checked, filled, firstError, type Input, isFilePath, len, text } from './fields.ts'
import { isImagePath, isOurFile, isPrivatePath } from './files.ts'

export interface ProfileForm {
  nickName: string
  avatarUrl: string
  ext: string
  content: string
}

export const NICKNAME_MAX = 20
export const AVATAR_NOT_OURS = '头像须为本站上传的图片'
export const INTRO_MAX = 150

/**
 * The edit-profile dialog (accounts §5). The spec's nickname message is 请填写收货人, copied
 * from the address form by mistake; we say 请填写昵称, which is what the field is.
 */
export function checkProfile(input: Input): Checked<ProfileForm, keyof ProfileForm> {
  const v = {
    nickName: text(input, 'nickName'),
    avatarUrl: text(input, 'avatarUrl'),
    ext: text(input, 'ext'),
    content: text(input, 'content'),
  }
  return checked(
    firstError([
      ...filled('nickName', v.nickName, '昵称', NICKNAME_MAX),
      ['avatarUrl', !v.avatarUrl, '请上传头像'],
      ['avatarUrl', !isFilePath(v.avatarUrl), '头像地址不正确'],
      // Everyone sees the avatar: an image of ours, not a private one nor one from another site.
      [
        'avatarUrl',
        !isOurFile(v.avatarUrl) || isPrivatePath(v.avatarUrl) || !isImagePath(v.avatarUrl),
        AVATAR_NOT_OURS,
      ],
      ...filled('content', v.content, '简介', INTRO_MAX),
      // The instructor page shows the introduction as HTML (accounts §2); a plain-text field
      // without angle brackets can carry no markup at all, so nothing here ever runs as script.
      ['content', /[<>]/.test(v.content), '简介不能包含“<”或“>”'],
      ['ext', len(v.ext) > 500, '扩展信息不能超过500个字'],
    ]),
    v,
  )
}
