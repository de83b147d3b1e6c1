/** The ranking's sentences (排名, 拟定入选). */
export const rankingStrings = {
  notAboveLine: '排名已变化，该申报已不在入选线以上，请刷新后重新确认',
  notBelowLine: '排名已变化，该申报已不在入选线以下，请刷新后重新确认',
};
