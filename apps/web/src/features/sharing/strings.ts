/** The share cards a page sets inside WeChat (分享给朋友 / 分享到朋友圈). */
export const sharingStrings = {
  siteTitle: '青工委服务平台',
  siteDesc: '青年创新榜申报、入会申请与青工委资讯，在线办理、随时查看进度',
  programmeDesc: '个人、作品、企业申报与创新榜人物申报，在线提交，进度随时可查',
  awardSuffix: '奖项设置',
  awardDesc: '本届奖项、名额与奖励一览',
  rankUserSuffix: '创新榜人物申报',
  rankUserDesc: '提交视频与事迹，参评青年创新榜人物',
  /** the 分享 poster's card: an invitation that opens the programme's home */
  inviteSuffix: '邀请你参加申报',
  inviteDesc: '个人、作品、企业申报均可在线提交，点开了解本届青年创新榜并开始申报',
  /** the programme's name when it cannot be read */
  programmeFallback: '青年创新榜',
} as const;
