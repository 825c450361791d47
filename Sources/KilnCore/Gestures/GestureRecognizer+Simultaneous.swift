extension GestureRecognizer {
    /// Whether `self` and `other` may recognize at the same time: when either allows it, as
    /// in UIKit, or when neither has a say, Kiln's default.
    func recognizesTogether(with other: GestureRecognizer) -> Bool {
        switch (recognizesSimultaneously, other.recognizesSimultaneously) {
        case (nil, nil): true
        case let (mine, theirs): mine?(other) == true || theirs?(self) == true
        }
    }

    /// Whether a recognizer sharing a pointer is already running, and the two may not run
    /// together: then this one fails instead of recognizing, as on iOS.
    var isKeptOutByARunningPeer: Bool {
        guard let dispatcher else { return false }
        return dispatcher.peers(of: self).contains { peer in
            (peer.state == .began || peer.state == .changed) && !recognizesTogether(with: peer)
        }
    }

    /// Fails the undecided recognizers sharing a pointer that may not run together with
    /// this one, which has just recognized.
    func keepOutExclusivePeers() {
        guard let dispatcher else { return }
        for peer in dispatcher.peers(of: self)
        where peer.isParticipating && peer.state == .possible && !recognizesTogether(with: peer) {
            peer.transitionToFailedByPeer()
        }
    }
}
