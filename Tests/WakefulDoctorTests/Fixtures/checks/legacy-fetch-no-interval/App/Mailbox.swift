final class Mailbox {
    static let shared = Mailbox()

    func sync(_ done: @escaping (Bool) -> Void) { done(false) }
}
