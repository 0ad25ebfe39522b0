/// What Beacon says while sighted helpers of a hub look for a thing in the person's photos.
public struct HelperPhrases: PhraseTable {
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
    /// The person cancelled (Ctrl-C at the terminal).
    public let cancelled = PhraseTemplate("Request cancelled.", ru: "Просьба отменена.", zh: "请求已取消。")
}
