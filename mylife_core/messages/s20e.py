"""Messages added on branch s20e (folded into the catalogs later by ``messages.convert``)."""

MESSAGES = {
    # the invented name itself is not repeated: it is the model's free text, which may be a verdict
    "stance.model.bad_speaker": {
        "zh": "模型为 {id} 给出的说话人不在原文中，已忽略",
        "en": "the speaker the model gave for {id} is not named in the statement; ignored",
    },
}
