/// What is said and sent after a suspected fall. The question comes first and is short; the sentences for
/// bystanders say what happened before what to do.
public struct FallPhrases: PhraseTable {
    public init() {}

    public let question = PhraseTemplate("Did you fall? Say 'I'm OK' or press any key.",
                                         ru: "Вы упали? Скажите «я в порядке» или нажмите любую клавишу.",
                                         zh: "您摔倒了吗？请说“我没事”或按任意键。")
    public let cancelled = PhraseTemplate("Alarm cancelled.", ru: "Тревога отменена.", zh: "警报已取消。")
    public let cancelledAfterHelp = PhraseTemplate("Alarm cancelled; sending an all-clear.",
                                                   ru: "Тревога отменена; отправляю отбой.",
                                                   zh: "警报已取消；正在发送平安消息。")
    public let noAlarm = PhraseTemplate("No alarm to cancel.", ru: "Тревоги нет.", zh: "没有需要取消的警报。")
    public let bystanders = PhraseTemplate(
        "This person may have fallen and needs help. Please stay with them and call for help.",
        ru: "Этот человек, возможно, упал и нуждается в помощи. Пожалуйста, побудьте рядом и вызовите помощь.",
        zh: "这个人可能摔倒了，需要帮助。请留在他身边并呼叫救援。")
    public let bystandersAfterMessage = PhraseTemplate(
        "This person may have fallen and needs help. Their contact has been told. Please stay with them.",
        ru: "Этот человек, возможно, упал и нуждается в помощи. Его близкие уже оповещены. Пожалуйста, побудьте рядом.",
        zh: "这个人可能摔倒了，需要帮助。已通知其联系人。请留在他身边。")
    public let messageSent = PhraseTemplate("Emergency message sent.", ru: "Экстренное сообщение отправлено.",
                                            zh: "紧急消息已发送。")
    public let messageNotSent = PhraseTemplate("Emergency message not sent yet; still trying.",
                                               ru: "Экстренное сообщение пока не отправлено; пробую снова.",
                                               zh: "紧急消息尚未发出；正在重试。")
    public let noWebhook = PhraseTemplate("No emergency contact set; calling for help aloud.",
                                          ru: "Экстренный контакт не задан; зову на помощь вслух.",
                                          zh: "未设置紧急联系人；将大声呼救。")

    // MARK: The messages themselves (sent as text, e.g. forwarded as an SMS)
    public let fallMessage = PhraseTemplate(
        "Beacon: a fall was detected and there was no answer for {seconds} seconds. Location: {location}.",
        ru: "Beacon: обнаружено падение, ответа нет {seconds} с. Место: {location}.",
        zh: "Beacon：检测到摔倒，{seconds}秒内无回应。位置：{location}。")
    public let allClearMessage = PhraseTemplate(
        "Beacon: false alarm; the person answered and is OK. Location: {location}.",
        ru: "Beacon: ложная тревога; человек ответил, с ним всё в порядке. Место: {location}.",
        zh: "Beacon：误报；本人已回应，一切正常。位置：{location}。")
    public let locationUnknown = PhraseTemplate("unknown", ru: "неизвестно", zh: "未知")
}
