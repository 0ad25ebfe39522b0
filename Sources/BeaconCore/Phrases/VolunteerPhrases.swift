/// What Beacon says while sighted helpers of a hub look for a thing in the person's photos.
public struct VolunteerPhrases: PhraseTable {
    public init() {}

    public let asking = PhraseTemplate("Asking for help.", ru: "Прошу помощи.", zh: "正在请求帮助。")
    public let helperLooking = PhraseTemplate("A helper is looking.", ru: "Помощник смотрит.", zh: "志愿者正在查看。")
    /// After 40 s with nobody taking the request.
    public let stillAsking = PhraseTemplate("No helper yet; still asking.", ru: "Помощника пока нет; продолжаю просить.",
                                            zh: "还没有志愿者；继续请求。")
    /// `{direction}` is a clock direction from where the camera pointed when the photo was taken.
    public let marked = PhraseTemplate("Marked: {direction}.", ru: "Отмечено: {direction}.", zh: "已标记：{direction}。")
    public let notInPhoto = PhraseTemplate("Not in that photo; keep turning.", ru: "На этом снимке нет; поворачивайтесь дальше.",
                                           zh: "这张照片里没有；继续转动。")
    /// `{text}` is the helper's own words, without their closing punctuation (the sentence gives its own).
    public let helperSays = PhraseTemplate("Helper says: {text}.", ru: "Помощник говорит: {text}.", zh: "志愿者说：{text}。")
    public let nobodyAnswered = PhraseTemplate("No helper answered; the request is cancelled.",
                                               ru: "Никто не ответил; просьба отменена.", zh: "没有志愿者回应；请求已取消。")
    public let closed = PhraseTemplate("The request was closed.", ru: "Просьба закрыта.", zh: "请求已关闭。")
    /// "Found it": the request ends, and its photos with it.
    public let found = PhraseTemplate("Good; request closed.", ru: "Хорошо; просьба закрыта.", zh: "好的；请求已关闭。")
    public let sharingStopped = PhraseTemplate("Sharing stopped; request closed.", ru: "Снимки больше не отправляются; просьба закрыта.",
                                               zh: "已停止分享；请求已关闭。")
    /// "Found it" or "stop sharing" with no request open.
    public let noRequest = PhraseTemplate("No request for help is open.", ru: "Просьбы о помощи нет.", zh: "没有求助请求。")
    public let notJoined = PhraseTemplate("No volunteers' hub joined; use beacon volunteers join first.",
                                          ru: "Нет сообщества помощников; сначала присоединитесь к нему.",
                                          zh: "未加入志愿者中心；请先加入。")
    public let unreachable = PhraseTemplate("Volunteers' hub unreachable; request ended.", ru: "Сообщество помощников недоступно; просьба прекращена.",
                                            zh: "无法连接志愿者中心；请求已结束。")
    public let notMember = PhraseTemplate("The volunteers' hub no longer knows this Beacon; join again.",
                                          ru: "Сообщество помощников больше не знает этот Beacon; присоединитесь снова.",
                                          zh: "志愿者中心不再认识此 Beacon；请重新加入。")
    public let refused = PhraseTemplate("The volunteers' hub refused the request; try later.", ru: "Сообщество отклонило просьбу; попробуйте позже.",
                                        zh: "志愿者中心拒绝了请求；请稍后再试。")
    /// The person cancelled (Ctrl-C at the terminal).
    public let cancelled = PhraseTemplate("Request cancelled.", ru: "Просьба отменена.", zh: "请求已取消。")
}
